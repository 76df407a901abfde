import type { ActivityHistoryResponse } from '@orbit/contract';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
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

const rowsOf = (answer: ActivityHistoryResponse) =>
  answer.activities.length + answer.activities_by_month.reduce((sum, m) => sum + m.activities.length, 0);

/**
 * GET /user/activity/history computed once per change of its owner's sessions (docs/decisions/0075). A
 * history is a function of the owner's sessions in the period and of their zone: it is served again while the
 * owner's counter of session changes, bumped by a trigger for every writer, and their zone stand where they
 * stood in the snapshot it was read in. The check reads the database, so a session written through any
 * instance, or by bulk SQL, is seen by all at once.
 */
export class HistoryCache implements HistoryReads {
  private readonly kept = new LRUCache<string, KeptHistory>({
    maxSize: KEPT_ROWS,
    sizeCalculation: (kept) => 1 + rowsOf(kept.answer),
  });

  readonly counts: KeptReadCounts = { hits: 0, misses: 0 };

  constructor(private readonly db: Db) {}

  async read(ownerId: number, key: string, compute: () => Promise<KeptHistory>): Promise<KeptHistory> {
    const kept = this.kept.get(key);
    if (kept) {
      const [standing] = await standingStatement(this.db).execute({ owner: ownerId });
      if (!standing || standing.memberZone === null) throw notFound('No such member');
      if (standing.epoch === kept.epoch && safeZone(standing.memberZone) === kept.zone) {
        this.counts.hits += 1;
        return kept;
      }
    }
    this.counts.misses += 1;
    const fresh = await compute();
    this.kept.set(key, fresh);
    return fresh;
  }
}
