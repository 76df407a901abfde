import { and, asc, eq, exists, gt, lte, notInArray, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client';
import { communityMembers, pushFanouts, pushSubscriptions } from '../../db/schema';
import type { PushCause } from './presenter';
import { insertPushes, ttlMsOf } from './queue';

/** Members expanded in one transaction: short enough not to hold the job's lock for long. */
export const FANOUT_BATCH = 500;

type Fanout = typeof pushFanouts.$inferSelect;

/** What one expansion pass did: batches committed, outbox rows written, jobs finished, jobs that failed. */
export interface FanoutReport {
  batches: number;
  queued: number;
  finished: number;
  failed: { jobId: number; err: unknown }[];
}

/** A batch of one job that failed: its transaction undone, the job left for the next pass. */
class FanoutJobError extends Error {
  constructor(
    readonly jobId: number,
    readonly reason: unknown,
  ) {
    super(`community push ${jobId} could not be expanded`);
  }
}

/**
 * Expands the community pushes waiting (decision 0053), each batch of members in a transaction of its own,
 * until none is left that another worker does not hold: the job's row is taken FOR UPDATE SKIP LOCKED, so
 * instances expand disjoint jobs, and the batch's outbox rows commit with the cursor's move past it (or the
 * job's end), so a crash between batches resumes after the last one committed and a crash within one undoes
 * it whole. A job whose batch fails is passed over for the rest of the pass, so that it holds back no other.
 */
export async function expandFanouts(db: Db, now = Date.now(), batch = FANOUT_BATCH): Promise<FanoutReport> {
  const report: FanoutReport = { batches: 0, queued: 0, finished: 0, failed: [] };
  for (;;) {
    const passedOver = report.failed.map((failure) => failure.jobId);
    let step: Awaited<ReturnType<typeof expandOneBatch>>;
    try {
      step = await db.transaction((tx) => expandOneBatch(tx, now, batch, passedOver));
    } catch (err) {
      if (!(err instanceof FanoutJobError)) throw err;
      report.failed.push({ jobId: err.jobId, err: err.reason });
      continue;
    }
    if (step === null) return report;
    report.batches += 1;
    report.queued += step.queued;
    if (step.finished) report.finished += 1;
  }
}

async function expandOneBatch(tx: Queryable, now: number, batch: number, passedOver: number[]) {
  const [job] = await tx
    .select()
    .from(pushFanouts)
    .where(passedOver.length > 0 ? notInArray(pushFanouts.id, passedOver) : undefined)
    .orderBy(asc(pushFanouts.id))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!job) return null;
  try {
    return await expandJob(tx, job, now, batch);
  } catch (err) {
    throw new FanoutJobError(job.id, err);
  }
}

async function expandJob(tx: Queryable, job: Fanout, now: number, batch: number) {
  const cause = job.cause as PushCause;
  // Past its time to live, every push would be dropped unsent.
  const members = job.createdAt.getTime() + ttlMsOf(cause) <= now ? [] : await nextMembers(tx, job, batch);
  const queued = await insertPushes(
    tx,
    job.actorId ?? undefined,
    members.map((userId) => ({ userId, cause })),
    job.createdAt,
  );
  const finished = members.length < batch;
  if (finished) await tx.delete(pushFanouts).where(eq(pushFanouts.id, job.id));
  else
    await tx
      .update(pushFanouts)
      .set({ cursor: members[members.length - 1] })
      .where(eq(pushFanouts.id, job.id));
  return { queued, finished };
}

/**
 * The next members after the cursor, in id order, who are in the community now and were at the change (a
 * member who left since is not pushed to, nor one who joined after), neither its actor nor left out by it, with a
 * device subscribed (a large community's members without one cost no batch). The rest of the rules are
 * `insertPushes`'s.
 */
async function nextMembers(tx: Queryable, job: Fanout, batch: number): Promise<number[]> {
  const subscribed = tx
    .select({ one: sql`1` })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, communityMembers.userId));
  const rows = await tx
    .select({ id: communityMembers.userId })
    .from(communityMembers)
    // Compared in the database, at its precision: the job's time read into a Date loses the microseconds.
    .innerJoin(pushFanouts, eq(pushFanouts.id, job.id))
    .where(
      and(
        eq(communityMembers.communityId, job.communityId),
        gt(communityMembers.userId, job.cursor),
        lte(communityMembers.joinedAt, pushFanouts.createdAt),
        sql`${communityMembers.userId} IS DISTINCT FROM ${pushFanouts.actorId}`,
        sql`${communityMembers.userId} <> ALL(${pushFanouts.exceptIds})`,
        exists(subscribed),
      ),
    )
    .orderBy(asc(communityMembers.userId))
    .limit(batch);
  return rows.map((row) => row.id);
}
