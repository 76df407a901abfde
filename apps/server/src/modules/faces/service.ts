import { FriendDirection } from '@orbit/contract';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
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
