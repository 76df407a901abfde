import { CommunityIdentity, PrivacySetting, type PublicProfile } from '@orbit/contract';
import { eq, or, type SQLWrapper } from 'drizzle-orm';
import { communityMembers, users } from '../../db/schema';
import { type FaceRow, isFriendSql } from './columns';
import { type MemberFace, presentMemberFace, profileUnder, type Relation, STRANGER } from './presenter';

/** Where a viewer stands to the member they are shown: the member themselves, a friend, or neither. */
export interface Stance {
  self?: boolean;
  isFriend?: boolean;
}
/** The member themselves (their own star, their own moment). */
export const SELF: Stance = { self: true };
/** A friend of the member (friend lists, an accepted request). */
export const FRIEND: Stance = { isFriend: true };

/**
 * The persona rule (docs/product/friends.md#faces: the privacy setting decides persona or avatar identity; the server enforces it, docs/product/README.md#server-enforces),
 * written here only: a member shows their persona (first name, username, persona picture) to themselves, to
 * their friends, and to everyone when public; a private member shows everyone else their avatar identity.
 */
export function seesPersona(member: Pick<FaceRow, 'privacySetting'>, stance: Stance): boolean {
  return stance.self === true || stance.isFriend === true || member.privacySetting === PrivacySetting.PUBLIC;
}

/** The face `member` shows a viewer who stands to them so. */
export function faceSeenBy(member: FaceRow, stance: Stance): MemberFace {
  return presentMemberFace(member, seesPersona(member, stance));
}

/** How `viewerId` stands to `memberId`, from the relations relationsOf answered for that viewer. */
export function stanceIn(relations: Map<number, Relation>, viewerId: number, memberId: number): Stance {
  return { self: memberId === viewerId, isFriend: relations.get(memberId)?.isFriend ?? false };
}

/** Another member's profile as the viewer may see it (search, lists, GET /user/profile). */
export function presentPublicProfile(user: FaceRow, relation: Relation): PublicProfile {
  return profileUnder(faceSeenBy(user, relation), user, relation);
}

/**
 * The rule as a condition on `users` rows other than the viewer's own: the member is public or the viewer's
 * friend (a name filter finds a private member's username only for their friends).
 */
export const seesOthersPersonaSql = (viewerId: SQLWrapper | number) =>
  or(eq(users.privacySetting, PrivacySetting.PUBLIC), isFriendSql(viewerId, users.id));

/**
 * The community rule, written here only: in a community, a member shows the face of the identity they joined
 * it with (docs/product/communities.md#join-identity, the identity popup), their persona or their avatar identity, whatever their privacy.
 * Someone shown in a community they have not joined (a lesson's guest) shows their persona.
 */
export function joinedAsPersona(identity: string | null): boolean {
  return (identity ?? CommunityIdentity.PERSONA) === CommunityIdentity.PERSONA;
}

/** joinedAsPersona as a condition on a membership row (`community_members`, or an alias of it). */
export const joinedAsPersonaSql = (
  membership: Pick<typeof communityMembers, 'identity'> = communityMembers,
) => eq(membership.identity, CommunityIdentity.PERSONA);

/** The identity a member joins under unless they choose: their persona when public, their avatar when private. */
export function defaultCommunityIdentity(member: Pick<FaceRow, 'privacySetting'>): CommunityIdentity {
  return seesPersona(member, STRANGER) ? CommunityIdentity.PERSONA : CommunityIdentity.AVATAR;
}
