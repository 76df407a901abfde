import {
  type ConnectionsResponse,
  EventSubtype,
  EventType,
  FriendDirection,
  type FriendRequestBody,
  type FriendRequestsResponse,
  type FriendsResponse,
  MEMBER_PAGE_SIZE,
  type MembersResponse,
} from '@orbit/contract';
import { and, asc, eq, exists, ne, or, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { reads } from '../../db/json-rows';
import { preparedSql } from '../../db/prepared';
import { eitherWay, runQueries } from '../../db/queries';
import { friendRequests, friendships, organizationMembers, users } from '../../db/schema';
import { type AppDeps, unitOfWork } from '../../deps';
import { conflict, notFound } from '../../platform/errors';
import { pageFromKey, pageOf } from '../../platform/paging';
import { inTransaction, type Work } from '../../platform/tx';
import { assertNoneBlocked, notHiddenFromSql } from '../blocks';
import { communityConnectionsOf } from '../communities';
import {
  FRIEND,
  faceSeenBy,
  lockPair,
  presentPublicProfile,
  relationOf,
  relationsOf,
  STRANGER,
  stanceIn,
  type UserRow,
} from '../faces';
import { friendRequestNotification, notify } from '../notifications';
import { forgetStar, recordInteraction, StarTarget } from '../stars';
import { assertMaySeeFriendsOf, assertNotSelf, requestMessage } from './policy';
import { keyedByUserId, presentFriendEntry, presentRequestEntry } from './presenter';

/** Each gets their own profile change; one after the other, as the transaction runs one query at a time. */
async function announceToBoth(work: Work, a: number, b: number) {
  for (const userId of [a, b]) await work.emit([userId], EventType.USER_PROFILES, null, { user_id: userId });
}

async function acceptRequest(work: Work, caller: UserRow, requester: UserRow) {
  await work.tx
    .delete(friendRequests)
    .where(eitherWay(friendRequests.fromId, friendRequests.toId, requester.id, caller.id));
  await work.tx.insert(friendships).values([
    { userId: caller.id, friendId: requester.id },
    { userId: requester.id, friendId: caller.id },
  ]);
  await recordInteraction(work, caller.id, StarTarget.USER, requester.id);
  await recordInteraction(work, requester.id, StarTarget.USER, caller.id);
  await work.emit(
    [requester.id],
    EventType.FRIEND_REQUEST,
    EventSubtype.ACCEPT,
    presentFriendEntry(faceSeenBy(caller, FRIEND)),
  );
  await announceToBoth(work, caller.id, requester.id);
}

async function sendRequest(work: Work, caller: UserRow, recipient: UserRow, message: string | null) {
  const [request] = await work.tx
    .insert(friendRequests)
    .values({ fromId: caller.id, toId: recipient.id, message })
    .returning();
  // After a request is sent the recipient orbits the sender as a pending friend (docs/product/friends.md#friend-requests).
  await recordInteraction(work, caller.id, StarTarget.USER, recipient.id);
  // The recipient is not (yet) the sender's friend.
  const face = faceSeenBy(caller, STRANGER);
  await work.emit(
    [recipient.id],
    EventType.FRIEND_REQUEST,
    EventSubtype.SENT,
    presentRequestEntry(face, request),
  );
  await notify(work, [recipient.id], friendRequestNotification(face));
  await announceToBoth(work, caller.id, recipient.id);
}

/**
 * PUT /user/friends/request: accepts when the other member already asked the caller, otherwise sends a
 * request. Refuses oneself, an unknown member, a friend and a second request the same way.
 */
export async function sendOrAccept(deps: AppDeps, callerId: number, body: FriendRequestBody) {
  assertNotSelf(callerId, body.user_id);
  const message = requestMessage(body.message);
  return inTransaction(unitOfWork(deps, callerId), async (work) => {
    const { caller, other } = await lockPair(work.tx, callerId, body.user_id);
    await assertNoneBlocked(work.tx, callerId, [other.id]);
    const relation = await relationOf(work.tx, callerId, other.id);
    if (relation.isFriend) throw conflict('already_friends', 'You are already friends');
    if (relation.direction === FriendDirection.OUTGOING) {
      throw conflict('duplicate_request', 'You have already sent this member a friend request');
    }
    if (relation.direction === FriendDirection.INCOMING) {
      await acceptRequest(work, caller, other);
      return { status: 'accepted' as const };
    }
    await sendRequest(work, caller, other, message);
    return { status: 'sent' as const };
  });
}

/** DELETE /user/friends/request: declines the member's request or cancels the caller's own; 404 if none. */
export async function withdrawRequest(deps: AppDeps, callerId: number, userId: number) {
  await inTransaction(unitOfWork(deps, callerId), async (work) => {
    const removed = await work.tx
      .delete(friendRequests)
      .where(eitherWay(friendRequests.fromId, friendRequests.toId, callerId, userId))
      .returning({ fromId: friendRequests.fromId, toId: friendRequests.toId });
    if (removed.length === 0) throw notFound('No friend request between you and this member');
    for (const r of removed) await forgetStar(work, r.fromId, StarTarget.USER, r.toId);
    await work.emit([userId], EventType.FRIEND_REQUEST, EventSubtype.REJECT, { user_id: callerId });
    await announceToBoth(work, callerId, userId);
  });
  return { ok: true };
}

/** DELETE /user/friends: both stop being friends and leave each other's home view; 404 if not friends. */
export async function unfriend(deps: AppDeps, callerId: number, userId: number) {
  await inTransaction(unitOfWork(deps, callerId), async (work) => {
    const removed = await work.tx
      .delete(friendships)
      .where(eitherWay(friendships.userId, friendships.friendId, callerId, userId))
      .returning({ userId: friendships.userId });
    if (removed.length === 0) throw notFound('You are not friends with this member');
    await forgetStar(work, callerId, StarTarget.USER, userId);
    await forgetStar(work, userId, StarTarget.USER, callerId);
    await announceToBoth(work, callerId, userId);
  });
  return { ok: true };
}

async function friendRowsOf(db: Queryable, userId: number): Promise<UserRow[]> {
  const rows = await db
    .select({ user: users })
    .from(friendships)
    .innerJoin(users, eq(users.id, friendships.friendId))
    .where(eq(friendships.userId, userId))
    .orderBy(asc(sql`lower(${users.username})`), asc(users.id));
  return rows.map((r) => r.user);
}

/**
 * Members who see `member`'s face on a star of their own: friends, and either side of a pending request; a
 * select over a value or a column, so that a statement about the member can read them too (decision 0094);
 * its one column is named by the statement that reads it (`AS watchers(id)`).
 */
export const faceWatchersQuery = (member: SQLWrapper) =>
  sql.join(
    [
      reads.select({ id: friendships.friendId }).from(friendships).where(eq(friendships.userId, member)),
      reads.select({ id: friendRequests.toId }).from(friendRequests).where(eq(friendRequests.fromId, member)),
      reads.select({ id: friendRequests.fromId }).from(friendRequests).where(eq(friendRequests.toId, member)),
    ],
    sql` UNION `,
  );

const faceWatchersStatement = preparedSql<{ id: number }>(
  'friends_face_watchers',
  sql`SELECT id FROM (${faceWatchersQuery(sql.placeholder('member'))}) AS watchers(id)`,
);

export async function faceWatchersOf(db: Queryable, userId: number): Promise<number[]> {
  const { rows } = await faceWatchersStatement(db).execute({ member: userId });
  return rows.map((row) => row.id);
}

/** GET /user/friends (and /portal/user/friends): the caller's friends, keyed by id, with their persona. */
export async function friendsOf(db: Queryable, callerId: number): Promise<FriendsResponse> {
  const friends = await friendRowsOf(db, callerId);
  return { friends: keyedByUserId(friends.map((u) => presentFriendEntry(faceSeenBy(u, FRIEND)))) };
}

/** GET /user/friends-of-friend: a friend's friends, each faced by how the caller stands to them. */
export async function friendsOfFriend(
  db: Queryable,
  callerId: number,
  friendId: number,
): Promise<FriendsResponse> {
  assertMaySeeFriendsOf(await relationOf(db, callerId, friendId));
  const theirs = await friendRowsOf(db, friendId);
  const relations = await relationsOf(
    db,
    callerId,
    theirs.map((u) => u.id),
  );
  const face = (u: UserRow) => faceSeenBy(u, stanceIn(relations, callerId, u.id));
  return { friends: keyedByUserId(theirs.map((u) => presentFriendEntry(face(u)))) };
}

/** GET /user/friends/requests: requests waiting for the caller and the caller's own, with the sent date. */
export async function requestsOf(db: Queryable, callerId: number): Promise<FriendRequestsResponse> {
  const other = alias(users, 'other');
  const rows = await db
    .select({ request: friendRequests, user: other })
    .from(friendRequests)
    .innerJoin(
      other,
      or(
        and(eq(friendRequests.toId, callerId), eq(other.id, friendRequests.fromId)),
        and(eq(friendRequests.fromId, callerId), eq(other.id, friendRequests.toId)),
      ),
    )
    .where(or(eq(friendRequests.toId, callerId), eq(friendRequests.fromId, callerId)))
    .orderBy(asc(friendRequests.createdAt));
  const entriesOf = (direction: FriendDirection) =>
    keyedByUserId(
      rows
        .filter((r) => (r.request.toId === callerId) === (direction === FriendDirection.INCOMING))
        .map((r) =>
          presentRequestEntry(
            // A pending request: the two are not friends yet.
            faceSeenBy(r.user, STRANGER),
            r.request,
          ),
        ),
    );
  return { incoming: entriesOf(FriendDirection.INCOMING), outgoing: entriesOf(FriendDirection.OUTGOING) };
}

/** GET /user/connections: friends and communities by display name (moment participants). */
export async function connectionsOf(db: Queryable, callerId: number): Promise<ConnectionsResponse> {
  const [friends, communities] = await runQueries(db, [
    () => friendRowsOf(db, callerId),
    () => communityConnectionsOf(db, callerId),
  ]);
  return {
    friends: friends.map((u) => ({ id: u.id, display_name: faceSeenBy(u, FRIEND).name })),
    communities,
  };
}

/** GET /users: members who share an organisation with the caller, by name, with where each stands. */
export async function membersOf(db: Queryable, callerId: number, pageKey?: string): Promise<MembersResponse> {
  const page = pageFromKey(pageKey, MEMBER_PAGE_SIZE);
  const mine = alias(organizationMembers, 'mine');
  const theirs = alias(organizationMembers, 'theirs');
  const sharesOrganisation = exists(
    db
      .select({ one: sql`1` })
      .from(mine)
      .innerJoin(theirs, eq(theirs.organizationId, mine.organizationId))
      .where(and(eq(mine.userId, callerId), eq(theirs.userId, users.id))),
  );
  const rows = await db
    .select()
    .from(users)
    // Members the caller blocked are not listed to the caller (decision 0046).
    .where(and(ne(users.id, callerId), sharesOrganisation, notHiddenFromSql(callerId, users.id)))
    .orderBy(asc(sql`lower(${users.username})`), asc(users.id))
    .limit(page.size + 1)
    .offset(page.offset);
  const { items, older_key, newer_key } = pageOf(rows, page);
  const relations = await relationsOf(
    db,
    callerId,
    items.map((u) => u.id),
  );
  return {
    users: items.map((u) => presentPublicProfile(u, relations.get(u.id) ?? STRANGER)),
    older_key,
    newer_key,
  };
}
