import { avatarUrl, type ProfileStar, STARFIELD, StarType } from '@orbit/contract';
import { type Face, type FaceRatios, faceRatiosFor, firstFace } from './faces';

/** A star's radius by its size (000 §9): 1 small 21, 2 medium 28, 3 large 35. */
export function radiusOf(size: number): number {
  const { small, medium, large } = STARFIELD.radius;
  return size >= 3 ? large : size === 2 ? medium : small;
}

/** The picture of a star: its image, else the preset avatar of a member star. */
export function pictureOf(star: Pick<ProfileStar, 'image_url' | 'avatar_image'>): string | null {
  return star.image_url ?? (star.avatar_image ? avatarUrl(star.avatar_image) : null);
}

/** Rough width of a character of the app's font, as a share of the font size. */
const CHAR_WIDTH_EM = 0.56;
const NAME_LINES = 2;
/** The name face is a label up to twice the star's width, so that names stay readable on small stars. */
const LABEL_WIDTH_PER_RADIUS = 4;

/** The name label's width: twice the star's diameter less the padding (padding ratio 0.22 of the radius). */
export function labelWidth(radius: number): number {
  return radius * (LABEL_WIDTH_PER_RADIUS - 2 * STARFIELD.paddingRatio);
}

/**
 * The name face's text size: the largest of 16, 12 and 8 (default large, 000 §9) at which the name fits
 * the label in two lines.
 */
export function nameFontSize(name: string, radius: number): number {
  const inner = labelWidth(radius);
  const { large, medium, small } = STARFIELD.fontSize;
  const longestWord = Math.max(1, ...name.split(/\s+/).map((word) => word.length));
  const fits = (size: number) => {
    const perLine = Math.floor(inner / (size * CHAR_WIDTH_EM));
    return longestWord <= perLine && Math.ceil(name.length / Math.max(1, perLine)) <= NAME_LINES;
  };
  return [large, medium].find(fits) ?? small;
}

/** A badge's diameter: the large text size times the badge ratio (1.3). */
export const BADGE_SIZE = STARFIELD.fontSize.large * STARFIELD.badgeRatio;

/** The effects a star can play (000 §4.1: pulse, reverse-pulse, radiate); an unknown name plays none. */
export type Effect = 'pulse' | 'reversePulse' | 'radiate';

const EFFECT_NAMES: Record<string, Effect> = {
  pulse: 'pulse',
  reverse_pulse: 'reversePulse',
  radiate: 'radiate',
};

export function effectOf(name: string | null): Effect | null {
  return name ? (EFFECT_NAMES[name] ?? null) : null;
}

/** The on-screen attributes of a star (000 §3.3) the view draws from. */
export interface StarDisplay {
  key: string;
  star: ProfileStar;
  radius: number;
  picture: string | null;
  mood: number | null;
  badge: number;
  nameSize: number;
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
    nameSize: nameFontSize(star.name, radius),
    ratios: faceRatiosFor(content),
    face: firstFace(content),
    effect: effectOf(star.effect),
  };
}

/** The own star is drawn in the centre, not on an orbit. */
export const isOwnStar = (star: Pick<ProfileStar, 'star_type'>) => star.star_type === StarType.ME;
