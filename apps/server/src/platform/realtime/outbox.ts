import { EVENT_RETENTION_MS, type EventSubtype, type EventType } from '@orbit/contract';
import { and, asc, inArray, isNull, lt } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db, Queryable } from '../../db/client';
import { events, wsTickets } from '../../db/schema';
import { Periodic } from '../periodic';
import type { CommittedEvent } from '../tx';
import { type Bus, warnUnlessAway } from './bus';
import { busMessagesFor } from './envelope';

/** An unpublished event younger than this is still on its way through publishCommitted; leave it alone. */
export const STRANDED_AFTER_MS = 2_000;
const SWEEP_BATCH = 500;
/** Deletions per sweep are capped so that one sweep never holds the database for long. */
const DELETE_BATCH = 1_000;
const DELETE_BATCHES_PER_SWEEP = 10;

/** Publishes rows as one bus message per change, then records that they are out. */
export async function publishRows(db: Queryable, bus: Bus, rows: readonly CommittedEvent[]): Promise<void> {
  if (rows.length === 0) return;
  for (const message of busMessagesFor(rows)) await bus.publish(message);
  await db
    .update(events)
    .set({ publishedAt: new Date() })
    .where(
      inArray(
        events.id,
        rows.map((r) => r.eventId),
      ),
    );
}

/**
 * Publishes events that committed but never reached the bus (their process stopped in between). The rows are
 * locked with SKIP LOCKED, so two instances sweeping at once take disjoint batches.
 */
export async function publishStranded(db: Db, bus: Bus, now = Date.now()): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(events)
      .where(and(isNull(events.publishedAt), lt(events.createdAt, new Date(now - STRANDED_AFTER_MS))))
      .orderBy(asc(events.id))
      .limit(SWEEP_BATCH)
      .for('update', { skipLocked: true });
    await publishRows(
      tx,
      bus,
      rows.map((row) => ({
        eventId: row.id,
        recipientId: row.recipientId,
        seq: row.seq,
        type: row.type as EventType,
        subtype: row.subtype as EventSubtype | null,
        ts: row.createdAt.toISOString(),
        data: row.data,
      })),
    );
    return rows.length;
  });
}

/** Drops events past the resume retention and socket tickets past their minute, in bounded batches. */
export async function deleteExpired(db: Db, now = Date.now()): Promise<number> {
  let deleted = 0;
  for (let batch = 0; batch < DELETE_BATCHES_PER_SWEEP; batch += 1) {
    const old = db
      .select({ id: events.id })
      .from(events)
      .where(lt(events.createdAt, new Date(now - EVENT_RETENTION_MS)))
      .limit(DELETE_BATCH)
      .for('update', { skipLocked: true });
    const gone = await db.delete(events).where(inArray(events.id, old)).returning({ id: events.id });
    deleted += gone.length;
    if (gone.length < DELETE_BATCH) break;
  }
  await db.delete(wsTickets).where(lt(wsTickets.expiresAt, new Date(now)));
  return deleted;
}

/** Runs the outbox sweep every `everyMs` on this instance; one sweep at a time. */
export class OutboxSweeper {
  private readonly periodic: Periodic;

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    everyMs: number,
    log: Logger,
  ) {
    this.periodic = new Periodic(
      everyMs,
      () => this.sweep(),
      (err) => warnUnlessAway(log, err, 'outbox sweep failed; the next one retries'),
    );
  }

  start(): void {
    this.periodic.start();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  private async sweep(): Promise<void> {
    await publishStranded(this.db, this.bus);
    await deleteExpired(this.db);
  }
}
