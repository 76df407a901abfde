import {
  type EventData,
  type EventSubtypeOf,
  type EventType,
  type ProfileStar,
  StarType,
} from '@orbit/contract';

/** Test support: a realtime envelope as the server sends it, its data typed by the contract's event catalogue. */
export function envelope<T extends EventType, S extends EventSubtypeOf<T>>(
  type: T,
  subtype: S,
  data: EventData<T, S>,
  id = 1,
) {
  return { id, type, subtype, ts: '', data };
}

/** Test support: a home star with every field of 000 §3.3, a friend's unless `fields` say otherwise. */
export function star(fields: Partial<ProfileStar>): ProfileStar {
  return {
    star_id: 'x',
    star_type: StarType.FRIEND,
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
    name: 'Someone',
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
