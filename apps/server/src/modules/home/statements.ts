import { and, eq, type SQLWrapper, sql } from 'drizzle-orm';
import { stars } from '../../db/schema';

/**
 * The values the home's one prepared statement binds (decisions 0029 and 0066): the owner's id and the moment
 * of the read, as ISO text for PostgreSQL to take as the compared column's type.
 */
export const OWNER = sql.placeholder('owner');
export const NOW = sql.placeholder('now');

export const ownerAndNow = (ownerId: number, now: Date) => ({ owner: ownerId, now: now.toISOString() });

/** The owner's star of a thing as a provider reads it beside the thing (a left join: `StarRow` or null). */
export const starColumns = {
  id: stars.id,
  pinned: stars.pinned,
  interactionScore: stars.interactionScore,
  interactionDate: stars.interactionDate,
};

/** The join to the owner's star of a thing: its kind (`StarTarget`) and id. */
export const ownStar = (kind: string, target: SQLWrapper) =>
  and(eq(stars.ownerId, OWNER), eq(stars.targetKind, kind), eq(stars.targetId, target));
