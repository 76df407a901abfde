import {
  AccessType,
  type Community,
  type CommunityIdentity,
  CommunityRole,
  CommunityType,
  type CreateCommunityBody,
  ErrorCode,
  EventType,
  InviteAnswer,
  type JoinCommunityBody,
  OrgRole,
  OwnerType,
  StarType,
  type UpdateCommunityBody,
} from '@orbit/contract';
import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { communities, communityInvites, communityMembers, friendships, users } from '../../db/schema';
import { type AppDeps, unitOfWork } from '../../deps';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { inTransaction, type Work } from '../../platform/tx';
import { organizationsOf } from '../admin';
import { defaultCommunityIdentity, findUser, type UserRow } from '../faces';
import { ImageKind, storeSquareDataUrl } from '../images';
import { forgetStar, recordInteraction, StarTarget } from '../stars';
import { notifyCommunityInvite } from './notices';
import { assertExpert, assertMayRead, assertMember, standingIn } from './policy';
import { candidateCondition, communityPage } from './queries';
import { assertJoinRole, assertTermsMet, communityColor, communityInitials, communityName } from './rules';

const OK = { ok: true };

/**
 * The channel migration 0032's triggers notify when a community's access type changes (only ever outside the
 * API) or the community goes: kept answers of who may read it hear what no event announces (decision 0078).
 */
export const COMMUNITIES_CHANGED_CHANNEL = 'orbit_communities_changed';

/** The members whose home star set changed (a community star or invite star) refetch it: USER_PROFILES. */
export function announce(work: Work, communityId: number, userIds: number[]) {
  return work.emit(userIds, EventType.USER_PROFILES, null, { community_id: communityId });
}

/** Membership changes of one community run one after the other (the last-expert rule counts members). */
export async function lockCommunity(work: Work, communityId: number) {
  await work.tx
    .select({ id: communities.id })
    .from(communities)
    .where(eq(communities.id, communityId))
    // NO KEY UPDATE: a channel event's insert (its foreign key) must not wait on it (decision 0004).
    .for('no key update');
}

/** A new member: the row, their pending invite answered, and the community starts orbiting them. */
async function addMembership(
  work: Work,
  communityId: number,
  userId: number,
  role: CommunityRole,
  identity: CommunityIdentity,
) {
  await work.tx.insert(communityMembers).values({ communityId, userId, role, identity });
  work.membershipChanged(userId, communityId, true);
  await work.tx
    .delete(communityInvites)
    .where(and(eq(communityInvites.communityId, communityId), eq(communityInvites.userId, userId)));
  await recordInteraction(work, userId, StarTarget.COMMUNITY, communityId);
}

async function hasInvite(db: Queryable, communityId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: communityInvites.id })
    .from(communityInvites)
    .where(and(eq(communityInvites.communityId, communityId), eq(communityInvites.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/** The communities a member belongs to, since when: their sockets follow these channels. */
export async function membershipsOf(db: Queryable, userId: number) {
  return db
    .select({ communityId: communityMembers.communityId, joinedAt: communityMembers.joinedAt })
    .from(communityMembers)
    .where(eq(communityMembers.userId, userId));
}

/** POST /join/community/ (docs/product/communities.md#visibility): as a member (4), terms met, a private community only with an invite. */
export async function joinCommunity(deps: AppDeps, callerId: number, body: JoinCommunityBody) {
  assertJoinRole(body.community_role);
  return inTransaction(unitOfWork(deps, callerId), async (work) => {
    await lockCommunity(work, body.id);
    const standing = await standingIn(work.tx, body.id, callerId);
    if (standing.isMember) throw conflict(ErrorCode.already_member, 'You are already a member');
    const { community } = standing;
    if (community.accessType === AccessType.PRIVATE && !(await hasInvite(work.tx, community.id, callerId))) {
      throw forbidden('This community is private: join it through an invite', ErrorCode.invite_required);
    }
    const user = await findUser(work.tx, callerId);
    assertTermsMet(community, user, body.accepted_terms);
    await addMembership(
      work,
      community.id,
      callerId,
      CommunityRole.MEMBER,
      body.identity ?? defaultCommunityIdentity(user),
    );
    await announce(work, body.id, [callerId]);
    return OK;
  });
}

async function countMembers(db: Queryable, communityId: number) {
  const [row] = await db
    .select({
      members: count(),
      experts: sql<number>`count(*) filter (where ${communityMembers.role} = ${CommunityRole.EXPERT})::int`,
    })
    .from(communityMembers)
    .where(eq(communityMembers.communityId, communityId));
  return row;
}

/**
 * POST /leave/community. The last expert may not leave while others remain: nobody could manage the
 * members or the info any more (docs/decisions/0011-communities.md).
 */
export async function leaveCommunity(deps: AppDeps, callerId: number, communityId: number) {
  return inTransaction(unitOfWork(deps, callerId), async (work) => {
    await lockCommunity(work, communityId);
    const standing = await standingIn(work.tx, communityId, callerId);
    if (!standing.isMember) throw notFound('You are not a member of this community', ErrorCode.not_a_member);
    if (standing.isExpert) {
      const { members, experts } = await countMembers(work.tx, communityId);
      if (experts === 1 && members > 1) {
        throw conflict(ErrorCode.last_expert, 'Make another member an expert before you leave');
      }
    }
    await removeMembership(work, communityId, callerId);
    return OK;
  });
}

export async function removeMembership(work: Work, communityId: number, userId: number) {
  const removed = await work.tx
    .delete(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)))
    .returning({ userId: communityMembers.userId });
  if (removed.length === 0) throw notFound('No such member in this community', ErrorCode.not_a_member);
  work.membershipChanged(userId, communityId, false);
  await forgetStar(work, userId, StarTarget.COMMUNITY, communityId);
  await announce(work, communityId, [userId]);
}

type Organizations = Awaited<ReturnType<typeof organizationsOf>>;

/**
 * The owner of a community: 1 an organisation the caller holds role 2 in, 2 the caller; both
 * absent means the caller's first organisation.
 */
function resolveOwner(
  organizations: Organizations,
  callerId: number,
  ownerType: number | null | undefined,
  ownerId: number | null | undefined,
): { ownerType: OwnerType; ownerId: number } {
  const invalid = (message: string) => badRequest(ErrorCode.invalid_owner, message);
  if (ownerType == null) {
    if (ownerId != null) throw invalid('owner_type is required with owner_id');
    return { ownerType: OwnerType.ORGANIZATION, ownerId: organizations[0].id };
  }
  if (ownerType === OwnerType.USER) {
    if (ownerId != null && ownerId !== callerId) {
      throw forbidden('A member may only own a community themselves', ErrorCode.invalid_owner);
    }
    return { ownerType, ownerId: callerId };
  }
  if (ownerType !== OwnerType.ORGANIZATION) throw invalid('owner_type is 1 (organisation) or 2 (member)');
  if (ownerId == null) throw invalid('owner_id names the organisation');
  if (!organizations.some((o) => o.id === ownerId && o.org_roles.includes(OrgRole.ADMIN))) {
    throw forbidden('You are not an admin of this organisation', ErrorCode.invalid_owner);
  }
  return { ownerType, ownerId };
}

async function assertAllFriends(db: Queryable, callerId: number, userIds: number[]) {
  if (userIds.length === 0) return;
  const friends = await db
    .select({ id: friendships.friendId })
    .from(friendships)
    .where(and(eq(friendships.userId, callerId), inArray(friendships.friendId, userIds)));
  if (friends.length !== userIds.length) {
    throw badRequest(ErrorCode.not_a_friend, 'Only friends can be invited to a new community');
  }
}

async function invite(work: Work, communityId: number, userIds: number[], invitedBy: number) {
  if (userIds.length === 0) return [];
  const invited = await work.tx
    .insert(communityInvites)
    .values(userIds.map((userId) => ({ communityId, userId, invitedBy })))
    .onConflictDoNothing()
    .returning({ userId: communityInvites.userId });
  await notifyCommunityInvite(
    work,
    communityId,
    invitedBy,
    invited.map((r) => r.userId),
  );
  return invited;
}

/** POST /create/communities: only for members whose first organisation lists role 2; the creator is its expert. */
export async function createCommunity(deps: AppDeps, callerId: number, body: CreateCommunityBody) {
  const name = communityName(body.name);
  const initials = communityInitials(body.initials, name);
  const color = communityColor(body.color);
  const invitees = [...new Set(body.members_userids ?? [])];
  return inTransaction(unitOfWork(deps, callerId), async (work) => {
    const organizations = await organizationsOf(work.tx, callerId);
    if (!organizations[0]?.org_roles.includes(OrgRole.ADMIN)) {
      throw forbidden('Only organisation admins may create communities', ErrorCode.may_not_create);
    }
    const owner = resolveOwner(organizations, callerId, body.owner_type, body.owner_id);
    await assertAllFriends(work.tx, callerId, invitees);
    const [community] = await work.tx
      .insert(communities)
      .values({
        name,
        initials,
        color,
        description: body.description?.trim() ?? '',
        accessType: body.access_type ?? AccessType.PUBLIC,
        communityType: CommunityType.GENERAL,
        starType: StarType.COMMUNITY_USER_CREATED,
        ...owner,
        createdBy: callerId,
      })
      .returning({ id: communities.id });
    const creator = await findUser(work.tx, callerId);
    await addMembership(
      work,
      community.id,
      callerId,
      CommunityRole.EXPERT,
      defaultCommunityIdentity(creator),
    );
    await invite(work, community.id, invitees, callerId);
    await announce(work, community.id, [callerId, ...invitees]);
    return { id: community.id };
  });
}

async function findByScreenName(db: Queryable, screenName: string): Promise<UserRow> {
  const lower = screenName.trim().toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = ${lower}`, sql`lower(${users.alias}) = ${lower}`))
    .limit(1);
  if (!user) throw notFound('No member has this screen name');
  return user;
}

/** POST /communities/{id}/invite: any member invites someone who is neither a member nor invited yet. */
export async function inviteByScreenName(
  deps: AppDeps,
  callerId: number,
  communityId: number,
  screenName: string,
) {
  return inTransaction(unitOfWork(deps, callerId), async (work) => {
    await assertMember(work.tx, communityId, callerId);
    const invitee = await findByScreenName(work.tx, screenName);
    if ((await standingIn(work.tx, communityId, invitee.id)).isMember) {
      throw conflict(ErrorCode.already_member, 'This member is already in the community');
    }
    const invited = await invite(work, communityId, [invitee.id], callerId);
    if (invited.length === 0) throw conflict(ErrorCode.already_invited, 'This member is already invited');
    await announce(work, communityId, [invitee.id]);
    return OK;
  });
}

/** PUT /communities/{id}/invite (docs/product/communities.md#invites): 2 accepts the caller's pending invite, 3 rejects it. */
export async function answerInvite(deps: AppDeps, callerId: number, communityId: number, status: number) {
  return inTransaction(unitOfWork(deps, callerId), async (work) => {
    await lockCommunity(work, communityId);
    const answered = await work.tx
      .delete(communityInvites)
      .where(and(eq(communityInvites.communityId, communityId), eq(communityInvites.userId, callerId)))
      .returning({ id: communityInvites.id });
    if (answered.length === 0) throw notFound('You have no invite to this community', ErrorCode.no_invite);
    if (status === InviteAnswer.ACCEPT && !(await standingIn(work.tx, communityId, callerId)).isMember) {
      const user = await findUser(work.tx, callerId);
      await addMembership(work, communityId, callerId, CommunityRole.MEMBER, defaultCommunityIdentity(user));
    }
    await announce(work, communityId, [callerId]);
    return OK;
  });
}

/** POST /communities/{id}/members/{userId}: an expert adds someone they may reach, as an ordinary member. */
export async function addMember(deps: AppDeps, callerId: number, communityId: number, userId: number) {
  return inTransaction(unitOfWork(deps, callerId), async (work) => {
    await lockCommunity(work, communityId);
    const { community } = await assertExpert(work.tx, communityId, callerId);
    if ((await standingIn(work.tx, communityId, userId)).isMember) {
      throw conflict(ErrorCode.already_member, 'This member is already in the community');
    }
    const [user] = await work.tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), candidateCondition(community, callerId)))
      .limit(1);
    if (!user) throw notFound('No such member');
    await addMembership(work, communityId, userId, CommunityRole.MEMBER, defaultCommunityIdentity(user));
    await announce(work, communityId, [userId]);
    return OK;
  });
}

/** DELETE /communities/{id}/members/{userId}: experts only, and nobody removes themselves (docs/product/communities.md#members). */
export async function removeMember(deps: AppDeps, callerId: number, communityId: number, userId: number) {
  return inTransaction(unitOfWork(deps, callerId), async (work) => {
    await lockCommunity(work, communityId);
    await assertExpert(work.tx, communityId, callerId);
    if (userId === callerId) {
      throw badRequest(ErrorCode.cannot_remove_self, 'You cannot remove yourself: leave instead');
    }
    await removeMembership(work, communityId, userId);
    return OK;
  });
}

/**
 * PUT /communities/{id}/experts/{userId}: a member becomes an expert. Experts appoint, and so do the admins of
 * the organisation that owns the community, who need not be in it: a community whose only expert erased
 * their account gets its next one this way (decision 0048).
 */
export async function appointExpert(deps: AppDeps, callerId: number, communityId: number, userId: number) {
  return inTransaction(unitOfWork(deps, callerId), async (work) => {
    await lockCommunity(work, communityId);
    if (!(await adminsCommunity(work.tx, callerId, communityId))) {
      await assertExpert(work.tx, communityId, callerId);
    }
    const [appointed] = await work.tx
      .update(communityMembers)
      .set({ role: CommunityRole.EXPERT })
      .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)))
      .returning({ userId: communityMembers.userId });
    if (!appointed) throw notFound('No such member in this community', ErrorCode.not_a_member);
    await announce(work, communityId, [userId]);
    return OK;
  });
}

/** Is the caller an admin of the organisation that owns this community? */
async function adminsCommunity(db: Queryable, callerId: number, communityId: number): Promise<boolean> {
  const [community] = await db
    .select({ ownerType: communities.ownerType, ownerId: communities.ownerId })
    .from(communities)
    .where(eq(communities.id, communityId));
  if (!community) throw notFound('No such community');
  if (community.ownerType !== OwnerType.ORGANIZATION) return false;
  const organizations = await organizationsOf(db, callerId);
  return organizations.some((o) => o.id === community.ownerId && o.org_roles.includes(OrgRole.ADMIN));
}

/** PUT /communities/{id}: experts edit the info notes (at most 10000 characters) and the owner. */
export async function updateCommunity(
  deps: AppDeps,
  callerId: number,
  communityId: number,
  body: UpdateCommunityBody,
) {
  return inTransaction(unitOfWork(deps, callerId), async (work) => {
    await assertExpert(work.tx, communityId, callerId);
    const ownerChanges = body.owner_type != null || body.owner_id != null;
    const owner = ownerChanges
      ? resolveOwner(await organizationsOf(work.tx, callerId), callerId, body.owner_type, body.owner_id)
      : {};
    const info = body.info === undefined ? {} : { info: body.info };
    if (ownerChanges || body.info !== undefined) {
      await work.tx
        .update(communities)
        .set({ ...owner, ...info })
        .where(eq(communities.id, communityId));
    }
    return OK;
  });
}

async function memberIdsOf(db: Queryable, communityId: number): Promise<number[]> {
  const rows = await db
    .select({ id: communityMembers.userId })
    .from(communityMembers)
    .where(eq(communityMembers.communityId, communityId));
  return rows.map((r) => r.id);
}

/** POST /community/{id}/image: experts only; a square 300 x 300 picture; every member's star shows it. */
export async function changeCommunityImage(
  deps: AppDeps,
  callerId: number,
  communityId: number,
  dataUrl: string,
) {
  await assertExpert(deps.db, communityId, callerId);
  const stored = await storeSquareDataUrl(deps, callerId, ImageKind.COMMUNITY, dataUrl);
  await inTransaction(unitOfWork(deps, callerId), async (work) => {
    await work.tx
      .update(communities)
      .set({ imageId: stored.image_id })
      .where(eq(communities.id, communityId));
    await announce(work, communityId, await memberIdsOf(work.tx, communityId));
  });
  return { imageUrl: stored.image_url };
}

/**
 * A moderator removes what a reported community says of itself (decision 0047): its description, info notes
 * and picture are cleared, and its members refetch it. False when the community is gone.
 */
export async function resetCommunityFace(work: Work, communityId: number): Promise<boolean> {
  const changed = await work.tx
    .update(communities)
    .set({ description: '', info: '', imageId: null })
    .where(eq(communities.id, communityId))
    .returning({ id: communities.id });
  if (changed.length === 0) return false;
  await announce(work, communityId, await memberIdsOf(work.tx, communityId));
  return true;
}

/** GET /communities/{id}: a member's visit counts as an interaction with the community's star. */
export async function visitCommunity(
  deps: AppDeps,
  callerId: number,
  communityId: number,
): Promise<Community> {
  const standing = await assertMayRead(deps.db, communityId, callerId);
  if (standing.isMember) await recordInteraction(deps.db, callerId, StarTarget.COMMUNITY, communityId);
  return communityPage(deps.db, callerId, communityId);
}
