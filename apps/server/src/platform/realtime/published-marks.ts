import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { preparedSql } from '../../db/prepared';
import { relaxedCommit } from '../../db/queries';
import { unpublishedChannelEvents, unpublishedEvents } from '../../db/schema';
import type { CommittedBatch } from '../tx';
import { WrittenBehind } from '../written-behind';

/** Event ids that reached the bus, by table. */
export interface PublishedIds {
  personal: number[];
  channel: number[];
}

export const idsOf = (batch: CommittedBatch): PublishedIds => ({
  personal: batch.personal.map((row) => row.eventId),
  channel: batch.channel.map((row) => row.eventId),
});

/**
 * Records that these rows are out: one statement (one commit) for both tables, its ids bound as arrays so that
 * it is prepared once whatever the batch's size. It deletes their ids from the unpublished tables (decision
 * 0087), and its commit does not wait for the disk (relaxedCommit, read by both deletes: one of them may be
 * planned away for an empty list): a mark a crash lost is a row the sweeper publishes again, which every
 * socket's cursor skips.
 */
const markStatement = preparedSql(
  'published_marks',
  sql`WITH relaxed AS (SELECT 1 FROM ${relaxedCommit}), personal AS (
    DELETE FROM ${unpublishedEvents} USING relaxed
    WHERE ${unpublishedEvents.eventId} = ANY(${sql.placeholder('personal')}::bigint[]))
  DELETE FROM ${unpublishedChannelEvents} USING relaxed
  WHERE ${unpublishedChannelEvents.eventId} = ANY(${sql.placeholder('channel')}::bigint[])`,
);

export async function markPublished(db: Queryable, { personal, channel }: PublishedIds): Promise<void> {
  if (personal.length === 0 && channel.length === 0) return;
  await markStatement(db).execute({ personal, channel });
}

/**
 * The marks of what this instance published, gathered for `delayMs` and written in one statement (decision
 * 0067): a mark is a commit of its own, and on a busy database each write paid two. A mark lost with the
 * process is harmless: the sweeper publishes the rows again after STRANDED_AFTER_MS, and every socket's cursor
 * skips a sequence it already wrote.
 */
export class PublishedMarks {
  /** Long enough to gather a busy instance's writes, far inside STRANDED_AFTER_MS. */
  static readonly DELAY_MS = 50;

  private readonly behind: WrittenBehind<PublishedIds>;

  constructor(db: Queryable, onFailure: (err: unknown) => void) {
    this.behind = new WrittenBehind({
      empty: () => ({ personal: [], channel: [] }),
      size: (ids) => ids.personal.length + ids.channel.length,
      write: (ids) => markPublished(db, ids),
      onFailure,
      delayMs: PublishedMarks.DELAY_MS,
    });
  }

  get pending(): number {
    return this.behind.pending;
  }

  add(ids: PublishedIds): void {
    this.behind.add((waiting) => {
      waiting.personal.push(...ids.personal);
      waiting.channel.push(...ids.channel);
    });
  }

  /** Writes what waits now (after a write in progress); close() calls it so that no mark is left behind. */
  flush(): Promise<void> {
    return this.behind.flush();
  }
}
