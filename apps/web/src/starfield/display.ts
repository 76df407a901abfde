import { avatarUrl, type ProfileStar, STARFIELD, StarType } from '@orbit/contract';
import { type Face, type FaceRatios, faceRatiosFor, firstFace } from './faces';

/** A star's radius by its size (docs/product/home-and-stars.md#field-constants): 1 small 21, 2 medium 28, 3 large 35. */
export function radiusOf(size: number): number {
  const { small, medium, large } = STARFIELD.radius;
  return size >= 3 ? large : size === 2 ? medium : small;
}

/** The picture of a star: its image, else the preset avatar of a member star. */
export function pictureOf(star: Pick<ProfileStar, 'image_url' | 'avatar_image'>): string | null {
  return star.image_url ?? (star.avatar_image ? avatarUrl(star.avatar_image) : null);
}

/** A badge's diameter: the large text size times the badge ratio (1.3). */
export const BADGE_SIZE = STARFIELD.fontSize.large * STARFIELD.badgeRatio;

/** The effects a star can play (docs/product/home-and-stars.md#star-faces: pulse, reverse-pulse, radiate); an unknown name plays none. */
export type Effect = 'pulse' | 'reversePulse' | 'radiate';

const EFFECT_NAMES: Record<string, Effect> = {
  pulse: 'pulse',
  reverse_pulse: 'reversePulse',
  radiate: 'radiate',
};

export function effectOf(name: string | null): Effect | null {
  return name ? (EFFECT_NAMES[name] ?? null) : null;
}

/** The on-screen attributes of a star (docs/product/home-and-stars.md#star-types) the view draws from. */
export interface StarDisplay {
  key: string;
  star: ProfileStar;
  radius: number;
  picture: string | null;
  mood: number | null;
  badge: number;
  ratios: FaceRatios;
  face: Face;
  effect: Effect | null;
}

export function displayOf(key: string, star: ProfileStar): StarDisplay {
  const radius = radiusOf(star.size);
  const picture = pictureOf(star);
  const mood = star.gojimoji?.mood ?? null;
  const content = { hasPicture: picture !== null, hasMood: mood !== null };
  return {
    key,
    star,
    radius,
    picture,
    mood,
    badge: star.badge_count ?? 0,
    ratios: faceRatiosFor(content),
    face: firstFace(content),
    effect: effectOf(star.effect),
  };
}

/** The own star is drawn in the centre, not on an orbit. */
export const isOwnStar = (star: Pick<ProfileStar, 'star_type'>) => star.star_type === StarType.ME;
