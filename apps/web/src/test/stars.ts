import { type ProfileStar, StarType } from '@orbit/contract';

/** A friend star with every field of docs/product/home-and-stars.md#star-types, for the engine's tests. */
export function makeStar(id: string, fields: Partial<ProfileStar> = {}): ProfileStar {
  return {
    star_id: id,
    star_type: StarType.FRIEND,
    zone: 1,
    size: 1,
    color: null,
    color_ring: null,
    image_url: null,
    avatar_image: 'av1',
    badge_image: null,
    effect: null,
    pinned: false,
    interaction_date: null,
    name: `Member ${id}`,
    screen_name: null,
    user_id: Number(id) || 1,
    community_id: null,
    persona_image: null,
    gojimoji: { mood: 1, tags: [] },
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
