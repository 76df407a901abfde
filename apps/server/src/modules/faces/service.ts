import { FriendDirection } from '@orbit/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { preparedForAny } from '../../db/prepared';
import { eitherWayAmong, inIdsAt, runQueries } from '../../db/queries';
import { friendRequests, friendships, users } from '../../db/schema';
import { notFound } from '../../platform/errors';
import type { UserRow } from './columns';
import { faceSeenBy, stanceIn } from './policy';
import { type MemberFace, type Relation, STRANGER } from './presenter';

/** A member's whole row: read by most writes, in and out of their transactions. */
const userById = preparedForAny('user_by_id', (db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1),
);
const usersByIds = preparedForAny('users_by_ids', (db) =>
  db.select().from(users).where(inIdsAt(users.id, 'ids')),
);

const lockedUser = preparedForAny('user_locked', (db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .for('no key update'),
);

/**
 * The member's whole row, locked for the change their transaction makes to it. NO KEY UPDATE: the event and
 * row inserts naming this member (foreign keys) must not wait on it (decision 0004).
 */
export async function lockUser(tx: Tx, userId: number): Promise<UserRow> {
  const [user] = await lockedUser(tx).execute({ id: userId });
  if (!user) throw notFound('No such member');
  return user;
}

/** The members' whole rows, in no particular order; those that do not exist are left out. */
export function findUsers(db: Queryable, ids: readonly number[]): Promise<UserRow[]> {
  return usersByIds(db).execute({ ids });
}

export async function findUser(db: Queryable, userId: number): Promise<UserRow> {
  const [user] = await userById(db).execute({ id: userId });
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

/** Friendships (no `toId`) and pending requests either way between the viewer and the members. */
const relationsStatement = preparedForAny('face_relations', (db) => {
  const viewer = sql.placeholder('viewer');
  return db
    .select({ other: friendships.friendId, toId: sql<number | null>`NULL::int` })
    .from(friendships)
    .where(and(eq(friendships.userId, viewer), inIdsAt(friendships.friendId, 'ids')))
    .unionAll(
      db
        .select({ other: friendRequests.fromId, toId: friendRequests.toId })
        .from(friendRequests)
        .where(eitherWayAmong(friendRequests.fromId, friendRequests.toId, viewer, 'ids')),
    );
});

/**
 * How the viewer stands to each of `userIds`, in one statement however many there are: friendships and
 * pending requests either way, read together (most writes present a face per recipient, so this runs often).
 */
export async function relationsOf(
  db: Queryable,
  viewerId: number,
  userIds: number[],
): Promise<Map<number, Relation>> {
  const relations = new Map<number, Relation>(userIds.map((id) => [id, STRANGER]));
  if (userIds.length === 0) return relations;
  const rows = await relationsStatement(db).execute({ viewer: viewerId, ids: userIds });
  // A friendship wins over a request left behind, whatever order the rows come in.
  for (const row of rows.filter((r) => r.toId !== null)) {
    const incoming = row.toId === viewerId;
    const direction = incoming ? FriendDirection.INCOMING : FriendDirection.OUTGOING;
    relations.set(incoming ? row.other : (row.toId as number), { isFriend: false, direction });
  }
  for (const row of rows.filter((r) => r.toId === null)) {
    relations.set(row.other, { isFriend: true, direction: null });
  }
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
  const [rows, relations] = await runQueries(db, [
    () => findUsers(db, ids),
    () =>
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
  return faceOfRowSeenBy(db, viewerId, await findUser(db, userId));
}

/** The face a member whose row the caller has read already shows `viewerId`: one query, for the relation. */
export async function faceOfRowSeenBy(db: Queryable, viewerId: number, user: UserRow): Promise<MemberFace> {
  const relation = await relationOf(db, viewerId, user.id);
  return faceSeenBy(user, { ...relation, self: user.id === viewerId });
}
