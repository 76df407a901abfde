import type { ProfileStar } from '@orbit/contract';
import type { MemberFace } from '../faces';
import { decayedScore, sizeOf, zoneOf } from '../stars';

/** Every field of docs/product/home-and-stars.md#star-types, null where a star's type has no use for it. */
export function blankStar(fields: Pick<ProfileStar, 'star_id' | 'star_type' | 'name'>): ProfileStar {
  return {
    zone: 1,
    size: 1,
    color: null,
    color_ring: null,
    image_url: null,
    avatar_image: null,
    badge_image: null,
    effect: null,
    pinned: false,
    interaction_date: null,
    screen_name: null,
    user_id: null,
    community_id: null,
    persona_image: null,
    gojimoji: null,
    type: null,
    kind: null,
    org_name: null,
    incentive_plans: null,
    bg_app_id: null,
    session_type: null,
    activity_type: null,
    ...fields,
  };
}

/** A stars row as the providers read it: null when the graph has the thing but no row was written yet. */
export interface StarRow {
  id: number;
  pinned: boolean;
  interactionScore: number;
  interactionDate: Date;
}

/** Id, pin, zone, size and date of a star backed by a stars row; `since` stands in for a missing row. */
export function orbitOf(row: StarRow | null, fallbackId: string, since: Date, now: Date) {
  const date = row?.interactionDate ?? since;
  const pinned = row?.pinned ?? false;
  return {
    star_id: row ? String(row.id) : fallbackId,
    pinned,
    zone: zoneOf(pinned, date, now),
    size: sizeOf(row ? decayedScore(row.interactionScore, row.interactionDate, now) : 0),
    interaction_date: date.toISOString(),
  };
}

/** A member's star: the face the owner may see (persona or avatar identity) on the star's orbit. */
export function presentMemberStar(
  starType: number,
  face: MemberFace,
  orbit: ReturnType<typeof orbitOf>,
): ProfileStar {
  return {
    ...blankStar({ star_id: orbit.star_id, star_type: starType, name: face.name }),
    ...orbit,
    image_url: face.image_url,
    avatar_image: face.avatar_image,
    screen_name: face.screen_name,
    user_id: face.user_id,
    persona_image: face.persona_image,
    gojimoji: face.gojimoji,
  };
}
