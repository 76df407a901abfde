import { EVENT_RETENTION_MS } from '@orbit/contract';
import { and, asc, eq, gt, min } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { events, users } from '../../db/schema';
import { type Frame, frameFor, sharedRest } from './envelope';

/** How many events one backlog read returns; a longer backlog is read page by page. */
export const BACKLOG_PAGE = 500;

/** A recipient's events after `afterSeq`, in order, as frames (one page). */
export async function framesAfter(db: Queryable, userId: number, afterSeq: number): Promise<Frame[]> {
  const rows = await db
    .select({
      seq: events.seq,
      type: events.type,
      subtype: events.subtype,
      data: events.data,
      createdAt: events.createdAt,
    })
    .from(events)
    .where(and(eq(events.recipientId, userId), gt(events.seq, afterSeq)))
    .orderBy(asc(events.seq))
    .limit(BACKLOG_PAGE);
  return rows.map((row) => frameFor(row.seq, sharedRest({ ...row, ts: row.createdAt.toISOString() })));
}

/**
 * Where a new socket starts. `live`: no resume asked, only what comes next. `replay`: every event after
 * `from` is still kept. `resync`: some of them are gone (or `since` is from another world), so the client
 * refetches and the socket goes live from the member's current sequence.
 */
export interface ResumePlan {
  kind: 'live' | 'replay' | 'resync';
  from: number;
}

export async function planResume(
  db: Queryable,
  userId: number,
  since: number | null,
  now = Date.now(),
): Promise<ResumePlan> {
  const [user] = await db.select({ seq: users.eventSeq }).from(users).where(eq(users.id, userId));
  const current = user?.seq ?? 0;
  if (since === null) return { kind: 'live', from: current };
  if (since > current) return { kind: 'resync', from: current };
  if (since === current) return { kind: 'replay', from: since };
  // Events past the retention count as gone even before the sweeper deletes them: the answer must not
  // depend on when it last ran.
  const [first] = await db
    .select({ seq: min(events.seq) })
    .from(events)
    .where(
      and(
        eq(events.recipientId, userId),
        gt(events.seq, since),
        gt(events.createdAt, new Date(now - EVENT_RETENTION_MS)),
      ),
    );
  return first?.seq === since + 1 ? { kind: 'replay', from: since } : { kind: 'resync', from: current };
}
