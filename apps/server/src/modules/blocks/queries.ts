import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { preparedForAny } from '../../db/prepared';
import { eitherWayAmong } from '../../db/queries';
import { userBlocks } from '../../db/schema';
import { forbidden } from '../../platform/errors';

/**
 * The questions other modules ask of blocks (docs/decisions/0046). "Both ways" rules (contact: requests,
 * threads, moments, calls, tags, comments, search) ask `blockedEitherWay*`; "blocker only" rules (what the
 * blocker reads: feeds, messages, moments, notifications, lists) filter with `notHiddenFromSql` in the read's
 * own SQL. Each is an index probe: the primary key (blocker, blocked) or user_blocks_blocked_idx (blocked,
 * blocker).
 */

/** A condition: `viewer` did not block the member in `member` (a column or an id); for the viewer's reads. */
export const notHiddenFromSql = (viewer: SQLWrapper | number, member: SQLWrapper | number): SQL =>
  sql`NOT EXISTS (SELECT 1 FROM ${userBlocks} WHERE ${userBlocks.blockerId} = ${viewer}
    AND ${userBlocks.blockedId} = ${member})`;

/**
 * A condition over a list of members (`member` a column): the member blocked `actor`. The blockers are read
 * once for the whole list (a hashed subplan), not probed per member: a community's audience is thousands.
 */
export const blockedActorSql = (member: SQLWrapper, actor: SQLWrapper | number): SQL =>
  sql`${member} IN (SELECT ${userBlocks.blockerId} FROM ${userBlocks} WHERE ${userBlocks.blockedId} = ${actor})`;

/** A condition: `viewer` (a column or an id) blocked anyone at all. */
export const hasBlockedSql = (viewer: SQLWrapper | number): SQL =>
  sql`EXISTS (SELECT 1 FROM ${userBlocks} WHERE ${userBlocks.blockerId} = ${viewer})`;

/** A condition: neither of the two blocked the other (search, contact). */
export const notBlockedEitherWaySql = (a: SQLWrapper | number, b: SQLWrapper | number): SQL =>
  sql`NOT EXISTS (SELECT 1 FROM ${userBlocks} WHERE (${userBlocks.blockerId} = ${a}
    AND ${userBlocks.blockedId} = ${b}) OR (${userBlocks.blockerId} = ${b} AND ${userBlocks.blockedId} = ${a}))`;

/** The ids `viewer` blocked, as a JSON array (null for none): a column of a read that keeps its rows. */
export const hiddenIdsSql = (viewer: SQLWrapper | number) =>
  sql<number[] | null>`(SELECT json_agg(${userBlocks.blockedId}) FROM ${userBlocks}
    WHERE ${userBlocks.blockerId} = ${viewer})`;

/** Which of `userIds` stand blocked with `memberId`, in either direction: one query for a whole list. */
/** Checked before every contact a member makes (a message, a comment's mentions, a request). */
const blocksAmong = preparedForAny('blocks_among', (db) => {
  const member = sql.placeholder('member');
  return db
    .select({ blockerId: userBlocks.blockerId, blockedId: userBlocks.blockedId })
    .from(userBlocks)
    .where(eitherWayAmong(userBlocks.blockerId, userBlocks.blockedId, member, 'ids'));
});

export async function blockedEitherWayAmong(
  db: Queryable,
  memberId: number,
  userIds: Iterable<number>,
): Promise<Set<number>> {
  const ids = [...new Set(userIds)].filter((id) => id !== memberId);
  if (ids.length === 0) return new Set();
  const rows = await blocksAmong(db).execute({ member: memberId, ids });
  return new Set(rows.map((r) => (r.blockerId === memberId ? r.blockedId : r.blockerId)));
}

export async function isBlockedEitherWay(db: Queryable, a: number, b: number): Promise<boolean> {
  return (await blockedEitherWayAmong(db, a, [b])).size > 0;
}

/** Refuses contact between the caller and any of `userIds` when either blocked the other (403 `blocked`). */
/** 403 blocked: a contact refused because one of the two blocked the other. */
export const blockedContact = () => forbidden('You cannot reach this member', 'blocked');

export async function assertNoneBlocked(db: Queryable, callerId: number, userIds: Iterable<number>) {
  if ((await blockedEitherWayAmong(db, callerId, userIds)).size > 0) throw blockedContact();
}

/** The members `viewerId` blocked: for reads whose rows are filtered after the query (few, small lists). */
export async function hiddenFrom(db: Queryable, viewerId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: userBlocks.blockedId })
    .from(userBlocks)
    .where(eq(userBlocks.blockerId, viewerId));
  return new Set(rows.map((r) => r.id));
}
