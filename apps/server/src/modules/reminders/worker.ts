import { and, asc, eq, exists, isNotNull, lte, or } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { activityLogs, moodHistory, reminders, users } from '../../db/schema';
import { type AppDeps, unitOfWork } from '../../deps';
import { Periodic } from '../../platform/periodic';
import { inTransaction } from '../../platform/tx';
import { addDays, instantWithin, localDay, safeZone } from '../activities';
import { isResting } from '../faces';
import { notify, type ReminderKind, reminderNotification } from '../notifications';
import { nextOccurrence } from './schedule';

/** A reminder found due longer ago than this (the servers were down) is let go rather than sent late. */
export const REMINDER_LATE_MS = 15 * 60_000;
const BATCH = 100;

export interface ReminderReport {
  fired: number;
  skipped: number;
  /** The skipped ones by why. */
  skips: Partial<Record<SkipReason, number>>;
}

type Due = Pick<typeof reminders.$inferSelect, 'userId' | 'kind' | 'minute' | 'days' | 'nextAt' | 'zone'> & {
  member: Pick<typeof users.$inferSelect, 'timezone' | 'quietStart' | 'quietEnd'>;
};

/** Why a due reminder is not sent this time (the words of the log line and of the metric's label). */
export type SkipReason = 'moved_zone' | 'late' | 'quiet_hours' | 'done_today';
/** Null when it is sent. */
type Skip = SkipReason | null;

/**
 * One pass (decision 0054): the reminders due at `now`, taken FOR UPDATE SKIP LOCKED, each sent or skipped and
 * moved on to its next instant in the same transaction. An instance that comes second finds them locked, or
 * (once committed) no longer due, so each occurrence fires once however many instances run.
 */
export async function fireDueReminders(deps: AppDeps, now: Date): Promise<ReminderReport> {
  return inTransaction(unitOfWork(deps), async (work) => {
    const due = await work.tx
      .select({
        userId: reminders.userId,
        kind: reminders.kind,
        minute: reminders.minute,
        days: reminders.days,
        nextAt: reminders.nextAt,
        zone: reminders.zone,
        member: { timezone: users.timezone, quietStart: users.quietStart, quietEnd: users.quietEnd },
      })
      .from(reminders)
      .innerJoin(users, eq(users.id, reminders.userId))
      .where(and(isNotNull(reminders.nextAt), lte(reminders.nextAt, now)))
      .orderBy(asc(reminders.nextAt), asc(reminders.userId), asc(reminders.kind))
      .limit(BATCH)
      .for('update', { of: reminders, skipLocked: true });
    const report: ReminderReport = { fired: 0, skipped: 0, skips: {} };
    for (const reminder of due as Due[]) {
      const zone = safeZone(reminder.member.timezone);
      const skip = await skipReason(work.tx, reminder, zone, now);
      if (skip === null)
        await notify(work, [reminder.userId], reminderNotification(reminder.kind as ReminderKind), now);
      report[skip === null ? 'fired' : 'skipped'] += 1;
      if (skip !== null) report.skips[skip] = (report.skips[skip] ?? 0) + 1;
      // From the later of now and the instant it was due: a reminder fires once a local day at most.
      const after =
        skip === 'moved_zone' ? now : new Date(Math.max(now.getTime(), (reminder.nextAt as Date).getTime()));
      await work.tx
        .update(reminders)
        .set({ nextAt: nextOccurrence(after, reminder.minute, reminder.days, zone), zone })
        .where(and(eq(reminders.userId, reminder.userId), eq(reminders.kind, reminder.kind)));
    }
    // Counted once committed: a pass rolled back sent nothing (its reminders are due again).
    work.afterCommit(() => deps.ops.metrics?.reminders.counted(report));
    return report;
  });
}

/**
 * A reminder worked out in a zone the member has left is worked out again in their new one, not sent; one
 * found long after its time is let go; none reaches a member in their quiet hours; the mood one is not sent
 * when a mood was picked that local day, the activity one when a session was logged (or started) that day.
 */
async function skipReason(db: Queryable, reminder: Due, zone: string, now: Date): Promise<Skip> {
  if (zone !== reminder.zone) return 'moved_zone';
  if (now.getTime() - (reminder.nextAt as Date).getTime() > REMINDER_LATE_MS) return 'late';
  if (isResting(reminder.member, now)) return 'quiet_hours';
  const today = localDay(now, zone);
  const day = { from: today, until: addDays(today, 1) };
  const done =
    reminder.kind === 'mood'
      ? db
          .select({ id: moodHistory.id })
          .from(moodHistory)
          .where(and(eq(moodHistory.userId, reminder.userId), instantWithin(moodHistory.setAt, day, zone)))
      : db
          .select({ id: activityLogs.id })
          .from(activityLogs)
          .where(
            and(
              eq(activityLogs.userId, reminder.userId),
              or(
                instantWithin(activityLogs.startedAt, day, zone),
                instantWithin(activityLogs.createdAt, day, zone),
              ),
            ),
          );
  const [row] = await db
    .select({ done: exists(done) })
    .from(users)
    .where(eq(users.id, reminder.userId));
  return row?.done ? 'done_today' : null;
}

/**
 * Batch after batch until none is left: many members choose the same round hour, and one batch a pass would
 * leave the last of them later than a minute (and past REMINDER_LATE_MS).
 */
async function fireAllDue(deps: AppDeps): Promise<ReminderReport> {
  const total: ReminderReport = { fired: 0, skipped: 0, skips: {} };
  for (;;) {
    const report = await fireDueReminders(deps, deps.clock());
    total.fired += report.fired;
    total.skipped += report.skipped;
    for (const [why, n] of Object.entries(report.skips) as [SkipReason, number][]) {
      total.skips[why] = (total.skips[why] ?? 0) + n;
    }
    if (report.fired + report.skipped < BATCH) return total;
  }
}

interface WorkerLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/**
 * One line a pass that found something due (a quiet pass says nothing): how many were sent and skipped, by
 * why. Reminders let go as late mean every instance's worker stopped for a while: a warning.
 */
function logPass(log: WorkerLog, { fired, skipped, skips }: ReminderReport): void {
  if (fired + skipped === 0) return;
  const fields = { sent: fired, skipped, ...skips };
  log.info(fields, `reminders pass: ${fired} sent, ${skipped} skipped`);
  if (skips.late) log.warn(fields, `${skips.late} reminders let go, found over 15 minutes late`);
}

/**
 * The reminders' worker of one instance: a pass every REMINDER_INTERVAL_MS (under a minute, so a reminder
 * fires within a minute of its time) at the deps' clock.
 */
export class ReminderWorker {
  private readonly poll: Periodic;

  constructor(deps: AppDeps, log: WorkerLog) {
    this.poll = new Periodic(
      deps.config.reminderIntervalMs,
      async () => logPass(log, await fireAllDue(deps)),
      (err) => log.warn({ err }, 'reminders pass failed; the next one retries'),
    );
  }

  start(): void {
    this.poll.start();
  }

  stop(): Promise<void> {
    return this.poll.stop();
  }
}
