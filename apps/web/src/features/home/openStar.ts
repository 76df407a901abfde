import { StarType } from '@orbit/contract';
import type { Star } from '../../api/types';
import { open } from '../../app/places';

/** A member's star (own, friend, pending friend) opens the user star page (docs/product/friends.md#member-page). */
function openMemberStar(star: Star): void {
  if (star.user_id !== null) open('member', { userId: star.user_id, name: star.name });
}

/** A community star (user-created, system, game, inner circle) opens its community page (docs/product/friends.md#member-page). */
function openCommunityStar(star: Star): void {
  if (star.community_id !== null) open('community', { id: star.community_id, name: star.name });
}

/** A COMMUNITY_INVITE star (13) opens the invite card (docs/product/communities.md#invites). */
function openCommunityInviteStar(star: Star): void {
  if (star.community_id === null) return;
  open('community-invite', {
    communityId: star.community_id,
    name: star.name,
    imageUrl: star.image_url,
    color: star.color,
    sentAt: star.interaction_date,
  });
}

/** What opening a star shows: its member's page, its community, the requests screen... */
export type StarOpener = (star: Star) => void;

/**
 * The one registry of what each star type opens (star_type → opener). The feature that builds a star's
 * screen adds its row here; a star whose type has no row yet is drawn but cannot be opened.
 */
export const STAR_OPENERS: Partial<Record<number, StarOpener>> = {
  [StarType.ME]: openMemberStar,
  [StarType.FRIEND]: openMemberStar,
  [StarType.PENDING_FRIEND]: openMemberStar,
  // Activity and game stars open the member's own page, with its THIS WEEK summary (docs/product/friends.md#member-page).
  [StarType.ACTIVITY]: openMemberStar,
  [StarType.GAME]: openMemberStar,
  [StarType.REQUESTS]: () => open('requests'),
  [StarType.COMMUNITY_USER_CREATED]: openCommunityStar,
  [StarType.COMMUNITY_SYSTEM]: openCommunityStar,
  [StarType.COMMUNITY_GAME]: openCommunityStar,
  [StarType.COMMUNITY_INNER_CIRCLE]: openCommunityStar,
  [StarType.COMMUNITY_INVITE]: openCommunityInviteStar,
  [StarType.MOMENTS]: () => open('moments'),
  [StarType.PRIVATE_MESSAGES]: (star) => open('group-star', star),
  [StarType.INCENTIVE]: (star) => open('incentives', star),
  [StarType.SURVEYS]: () => open('surveys'),
  [StarType.BG]: (star) => open('background-star', star),
};

export function openerFor(starType: number): StarOpener | undefined {
  return STAR_OPENERS[starType];
}
