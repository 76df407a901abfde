/** The communities module's entry: what other modules may use of it (docs/decisions/0033). */

export { communitiesAccount } from './account';
export { communityConnectionsOf } from './connections';
export {
  assertExpert,
  assertIsMember,
  assertMayRead,
  assertMember,
  assertReadable,
  type CommunityRow,
  type CommunityStanding,
  communityExpertIds,
  isExpertInOrganization,
  standingIn,
} from './policy';
export { communityImageUrl, presentIdentity } from './presenter';
export { COMMUNITIES_CHANGED_CHANNEL, membershipsOf, resetCommunityFace } from './service';
