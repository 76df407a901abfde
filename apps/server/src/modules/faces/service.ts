import { FriendDirection } from '@orbit/contract';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { runQueries } from '../../db/queries';
import { friendRequests, friendships, users } from '../../db/schema';
import { notFound } from '../../platform/errors';
import type { UserRow } from './columns';
import { faceSeenBy, stanceIn } from './policy';
import { type MemberFace, type Relation, STRANGER } from './presenter';

export async function findUser(db: Queryable, userId: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound('No such member');
  return user;
}

/**
 * Locks both members' rows in id order, so that two writes between the same pair (a request, its reply, a
 * block; crossing, or sent twice at once) run one after the other; answers both, 404 when either is missing.
 */
export async function lockPair(
  tx: Tx,
  callerId: number,
  userId: number,
): Promise<{ caller: UserRow; other: UserRow }> {
  const rows = await tx
    .select()
    .from(users)
    .where(inArray(users.id, [callerId, userId]))
    .orderBy(asc(users.id))
    // NO KEY UPDATE: inserts naming these members (foreign keys) must not wait on it (decision 0004).
    .for('no key update');
  const caller = rows.find((u) => u.id === callerId);
  const other = rows.find((u) => u.id === userId);
  if (!caller || !other) throw notFound('No such member');
  return { caller, other };
}

/** How the viewer stands to each of `userIds`, in two queries however many there are. */
export async function relationsOf(
  db: Queryable,
  viewerId: number,
  userIds: number[],
): Promise<Map<number, Relation>> {
  const relations = new Map<number, Relation>(userIds.map((id) => [id, STRANGER]));
  if (userIds.length === 0) return relations;
  const [friends, requests] = await runQueries(db, [
    () =>
      db
        .select({ id: friendships.friendId })
        .from(friendships)
        .where(and(eq(friendships.userId, viewerId), inArray(friendships.friendId, userIds))),
    () =>
      db
        .select({ fromId: friendRequests.fromId, toId: friendRequests.toId })
        .from(friendRequests)
        .where(
          or(
            and(eq(friendRequests.fromId, viewerId), inArray(friendRequests.toId, userIds)),
            and(eq(friendRequests.toId, viewerId), inArray(friendRequests.fromId, userIds)),
          ),
        ),
  ]);
  for (const r of requests) {
    const incoming = r.toId === viewerId;
    const direction = incoming ? FriendDirection.INCOMING : FriendDirection.OUTGOING;
    relations.set(incoming ? r.fromId : r.toId, { isFriend: false, direction });
  }
  for (const f of friends) relations.set(f.id, { isFriend: true, direction: null });
  return relations;
}

export async function relationOf(db: Queryable, viewerId: number, userId: number): Promise<Relation> {
  return (await relationsOf(db, viewerId, [userId])).get(userId) ?? STRANGER;
}

/** How `viewerId` sees each member: themselves and friends by persona, others by their privacy. */
export async function facesFor(
  db: Queryable,
  viewerId: number,
  userIds: number[],
): Promise<Map<number, MemberFace>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const [rows, relations] = await Promise.all([
    db.select().from(users).where(inArray(users.id, ids)),
    relationsOf(
      db,
      viewerId,
      ids.filter((id) => id !== viewerId),
    ),
  ]);
  return new Map(rows.map((u) => [u.id, faceSeenBy(u, stanceIn(relations, viewerId, u.id))]));
}

/**
 * The face `userId` shows `viewerId`, read in the caller's transaction: one query after the other, since a
 * transaction's client runs one query at a time.
 */
export async function faceAsSeenBy(db: Queryable, viewerId: number, userId: number): Promise<MemberFace> {
  const user = await findUser(db, userId);
  const relation = await relationOf(db, viewerId, userId);
  return faceSeenBy(user, { ...relation, self: userId === viewerId });
}
