import { EVENT_RETENTION_MS, type EventSubtype, type EventType } from '@orbit/contract';
import { asc, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import {
  type ChannelGroup,
  channelEvents,
  events,
  unpublishedChannelEvents,
  unpublishedEvents,
  wsTickets,
} from '../../db/schema';
import { Periodic } from '../periodic';
import type { CommittedBatch } from '../tx';
import { type Bus, warnUnlessAway } from './bus';
import { busMessagesFor } from './envelope';
import { idsOf, markPublished } from './published-marks';

/** An unpublished event younger than this is still on its way through publishCommitted; leave it alone. */
export const STRANDED_AFTER_MS = 2_000;
const SWEEP_BATCH = 500;
/** Deletions per sweep are capped so that one sweep never holds the database for long. */
const DELETE_BATCH = 1_000;
const DELETE_BATCHES_PER_SWEEP = 10;

/** Publishes rows as one bus message per change; the caller records that they are out (markPublished). */
export async function publishRows(bus: Bus, batch: CommittedBatch): Promise<void> {
  for (const message of busMessagesFor(batch)) await bus.publish(message);
}

/**
 * Publishes events that committed but never reached the bus (their process stopped in between, or the bus was
 * away): those still named in the unpublished tables. Their ids are locked with SKIP LOCKED, so two instances
 * sweeping at once take disjoint batches.
 */
export async function publishStranded(db: Db, bus: Bus, now = Date.now()): Promise<number> {
  const strandedBefore = new Date(now - STRANDED_AFTER_MS);
  return db.transaction(async (tx) => {
    const personal = await tx
      .select({ row: events })
      .from(unpublishedEvents)
      .innerJoin(events, eq(events.id, unpublishedEvents.eventId))
      .where(lt(events.createdAt, strandedBefore))
      .orderBy(asc(unpublishedEvents.eventId))
      .limit(SWEEP_BATCH)
      .for('update', { of: unpublishedEvents, skipLocked: true });
    const channel = await tx
      .select({ row: channelEvents })
      .from(unpublishedChannelEvents)
      .innerJoin(channelEvents, eq(channelEvents.id, unpublishedChannelEvents.eventId))
      .where(lt(channelEvents.createdAt, strandedBefore))
      .orderBy(asc(unpublishedChannelEvents.eventId))
      .limit(SWEEP_BATCH)
      .for('update', { of: unpublishedChannelEvents, skipLocked: true });
    const batch = {
      personal: personal.map(({ row }) => ({
        eventId: row.id,
        recipientId: row.recipientId,
        seq: row.seq,
        type: row.type as EventType,
        subtype: row.subtype as EventSubtype | null,
        ts: row.createdAt.toISOString(),
        data: row.data,
      })),
      channel: channel.map(({ row }) => ({
        eventId: row.id,
        communityId: row.communityId,
        seq: row.seq,
        type: row.type as EventType,
        subtype: row.subtype as EventSubtype | null,
        ts: row.createdAt.toISOString(),
        groups: row.groups as ChannelGroup[],
      })),
    };
    await publishRows(bus, batch);
    await markPublished(tx, idsOf(batch));
    return personal.length + channel.length;
  });
}

/**
 * Unpublished ids whose event is gone (deleted past the retention, or with an erased member's history before
 * it went out): nothing is left to publish for them.
 */
async function forgetVanished(db: Db): Promise<void> {
  for (const [ids, table] of [
    [unpublishedEvents, events],
    [unpublishedChannelEvents, channelEvents],
  ] as const) {
    await db
      .delete(ids)
      .where(notExists(db.select({ one: sql`1` }).from(table).where(eq(table.id, ids.eventId))));
  }
}

/** Deletes rows of `table` created before `before`, at most `limit`, skipping rows another sweeper holds. */
async function deleteOlder(
  db: Db,
  table: typeof events | typeof channelEvents,
  before: Date,
): Promise<number> {
  const old = db
    .select({ id: table.id })
    .from(table)
    .where(lt(table.createdAt, before))
    .limit(DELETE_BATCH)
    .for('update', { skipLocked: true });
  const gone = await db.delete(table).where(inArray(table.id, old)).returning({ id: table.id });
  return gone.length;
}

/** Drops events past the resume retention and socket tickets past their minute, in bounded batches. */
export async function deleteExpired(db: Db, now = Date.now()): Promise<number> {
  const before = new Date(now - EVENT_RETENTION_MS);
  let deleted = 0;
  for (const table of [events, channelEvents]) {
    for (let batch = 0; batch < DELETE_BATCHES_PER_SWEEP; batch += 1) {
      const gone = await deleteOlder(db, table, before);
      deleted += gone;
      if (gone < DELETE_BATCH) break;
    }
  }
  await forgetVanished(db);
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
