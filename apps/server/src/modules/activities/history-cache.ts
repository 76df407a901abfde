import type { ActivityHistoryResponse } from '@orbit/contract';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { Database, Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { activityMemberEpochs } from '../../db/schema';
import type { HistoryReads, KeptHistory } from '../../deps';
import { notFound } from '../../platform/errors';
import type { KeptReadCounts } from '../../platform/ops';
import { safeZone, zoneOfMember } from './period';

/**
 * Rows of history kept per instance, all members together, the least recently read going first: a row is
 * one activity of a day or a month, about 150 bytes as kept, so this is some 15 MB at most.
 */
const KEPT_ROWS = 100_000;

/**
 * The channel the triggers of migration 0030 notify with the members whose sessions or zone changed, comma
 * separated, or `*` when a statement changed too many members' sessions to name them.
 */
export const ACTIVITY_CHANGED_CHANNEL = 'orbit_activity_changed';

/** How often the member's sessions changed (activity_member_epochs, migration 0030), as text: 0 before any. */
export const sessionsEpochOf = (member: SQLWrapper) =>
  sql<string>`coalesce((SELECT ${activityMemberEpochs.changes} FROM ${activityMemberEpochs} WHERE ${activityMemberEpochs.userId} = ${member}), 0)::text`;

/** Where a kept history's owner stands now: their sessions' counter and their zone, one indexed read each. */
const standingStatement = preparedPerDatabase((db) => {
  const owner = sql.placeholder('owner');
  return db
    .select({ epoch: sessionsEpochOf(owner), memberZone: zoneOfMember(owner) })
    .from(sql`(SELECT 1) AS one`)
    .prepare('activity_history_standing');
});

/** Where the member stands now, as a kept history's check reads it. */
export async function standingOf(db: Db, ownerId: number): Promise<{ epoch: string; zone: string }> {
  const [standing] = await standingStatement(db).execute({ owner: ownerId });
  if (!standing || standing.memberZone === null) throw notFound('No such member');
  return { epoch: standing.epoch, zone: safeZone(standing.memberZone) };
}

const rowsOf = (answer: ActivityHistoryResponse) =>
  answer.activities.length + answer.activities_by_month.reduce((sum, m) => sum + m.activities.length, 0);

/** Not known to be current by hearing: checked against the database at its next read. */
const UNHEARD = -1;

interface Entry extends KeptHistory {
  ownerId: number;
  /** The hearing this entry is known current under (every later change of its owner evicts it), or UNHEARD. */
  heardIn: number;
}

/**
 * GET /user/activity/history computed once per change of its owner's sessions (docs/decisions/0075). A
 * history is a function of the owner's sessions in the period and of their zone.
 *
 * - **Checked**: an answer is served again while the owner's counter of session changes, bumped by a trigger
 *   for every writer, and their zone stand where they stood in the snapshot it was computed in. The check is
 *   one statement, so a session written through any instance, or by bulk SQL, is seen at once.
 * - **Heard** (PostgreSQL, while this instance listens): the same trigger notifies every instance of the
 *   owners whose sessions changed, at its commit, and each evicts their answers; an answer computed while
 *   nothing was notified is served with no statement at all until then. A change of the member's zone is
 *   notified alike (a trigger on `users.timezone`). What was kept while deaf, or computed while a
 *   notification came, is checked at its next read.
 */
export class HistoryCache implements HistoryReads {
  private readonly kept = new LRUCache<string, Entry>({
    maxSize: KEPT_ROWS,
    sizeCalculation: (entry) => 1 + rowsOf(entry.answer),
    dispose: (entry, key) => this.unindex(entry.ownerId, key),
  });
  private readonly keysOf = new Map<number, Set<string>>();
  /** Changes of hearing: an entry heard under an earlier one is checked before it serves. */
  private hearing = 0;
  private heard = false;
  /** Moves on at every notification and change of hearing: a read that saw it move is not trusted. */
  private revision = 0;
  readonly counts: KeptReadCounts = { hits: 0, misses: 0 };

  constructor(private readonly db: Db) {}

  /** Whether kept histories are served with no statement (orbit_kept_reads_heard). */
  get serving(): boolean {
    return this.heard;
  }

  async read(ownerId: number, key: string, compute: () => Promise<KeptHistory>): Promise<KeptHistory> {
    const kept = this.kept.get(key);
    if (kept && this.heard && kept.heardIn === this.hearing) {
      this.counts.hits += 1;
      return kept;
    }
    const mark = this.revision;
    if (kept && (await this.stillCurrent(ownerId, kept))) {
      this.counts.hits += 1;
      kept.heardIn = this.heardInFrom(mark);
      return kept;
    }
    this.counts.misses += 1;
    const fresh = await compute();
    this.keep(key, { ...fresh, ownerId, heardIn: this.heardInFrom(mark) });
    return fresh;
  }

  /**
   * Hears the sessions' changes of every process on PostgreSQL, and of PGlite's one (its own notifications).
   * Answers the function that stops listening.
   */
  listen(database: Database, log: Logger): () => Promise<void> {
    if (!database.listen) return async () => {};
    return database.listen(ACTIVITY_CHANGED_CHANNEL, {
      message: (payload) => this.changed(payload),
      up: () => {
        this.setHeard(true);
        log.info('listening for session changes: kept histories serve without a check');
      },
      down: (err) => {
        if (this.heard)
          log.warn({ err }, 'session changes no longer heard: kept histories are checked again');
        this.setHeard(false);
      },
    });
  }

  private async stillCurrent(ownerId: number, kept: Entry): Promise<boolean> {
    const standing = await standingOf(this.db, ownerId);
    return standing.epoch === kept.epoch && standing.zone === kept.zone;
  }

  /** A read that began at `mark` is known current under this hearing if nothing was notified meanwhile. */
  private heardInFrom(mark: number): number {
    return this.heard && this.revision === mark ? this.hearing : UNHEARD;
  }

  private changed(payload: string): void {
    if (payload === '*') {
      this.revision += 1;
      this.kept.clear();
      return;
    }
    this.forget(payload.split(',').map(Number));
  }

  /**
   * This instance wrote these members' sessions or zone and has committed: their kept histories go now, so
   * that the writer's next read here sees the change whatever the notification's delay.
   */
  forget(ownerIds: number[]): void {
    this.revision += 1;
    for (const ownerId of ownerIds) {
      for (const key of [...(this.keysOf.get(ownerId) ?? [])]) this.kept.delete(key);
    }
  }

  private setHeard(heard: boolean): void {
    this.heard = heard;
    this.hearing += 1;
    this.revision += 1;
  }

  private keep(key: string, entry: Entry): void {
    this.kept.set(key, entry);
    if (!this.kept.has(key)) return;
    let keys = this.keysOf.get(entry.ownerId);
    if (!keys) {
      keys = new Set();
      this.keysOf.set(entry.ownerId, keys);
    }
    keys.add(key);
  }

  private unindex(ownerId: number, key: string): void {
    const keys = this.keysOf.get(ownerId);
    if (!keys) return;
    keys.delete(key);
    if (keys.size === 0) this.keysOf.delete(ownerId);
  }
}
