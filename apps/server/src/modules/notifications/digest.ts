import { lastEndedQuietWindow, NotificationType, type QuietWindow } from '@orbit/contract';
import { and, asc, count, eq, gte, isNotNull, isNull, lt, ne } from 'drizzle-orm';
import { notifications, users } from '../../db/schema';
import { type AppDeps, unitOfWork } from '../../deps';
import { inTransaction, type Work } from '../../platform/tx';
import { quietHoursOf } from '../faces';
import { quietDigestNotification } from './entities';
import { notify } from './service';

/** How often an instance looks for quiet hours that just ended; a digest comes at most this late. */
export const QUIET_DIGEST_EVERY_MS = 60_000;

interface Resting {
  id: number;
  quietStart: number | null;
  quietEnd: number | null;
  timezone: string;
  quietDigestThrough: Date | null;
}

/**
 * The digest of every member whose quiet hours ended since their last one (decision 0044). Safe to run on
 * several instances at once and again after a failure: each window is claimed by moving the member's marker
 * in the transaction that writes its digest, so one run digests it and the others find it taken. Answers
 * how many windows this run digested.
 */
export async function sendQuietDigests(deps: AppDeps, now = new Date()): Promise<number> {
  const members = await deps.db
    .select({
      id: users.id,
      quietStart: users.quietStart,
      quietEnd: users.quietEnd,
      timezone: users.timezone,
      quietDigestThrough: users.quietDigestThrough,
    })
    .from(users)
    .where(isNotNull(users.quietStart))
    .orderBy(asc(users.id));
  let digested = 0;
  for (const member of members) {
    const window = lastEndedQuietWindow(quietHoursOf(member), member.timezone, now);
    if (!window || (member.quietDigestThrough && member.quietDigestThrough >= window.end)) continue;
    if (await digest(deps, member, window, now)) digested += 1;
  }
  return digested;
}

function digest(deps: AppDeps, member: Resting, window: QuietWindow, now: Date): Promise<boolean> {
  return inTransaction(unitOfWork(deps), async (work) => {
    const marker = member.quietDigestThrough;
    const [claimed] = await work.tx
      .update(users)
      .set({ quietDigestThrough: window.end })
      .where(
        and(
          eq(users.id, member.id),
          marker ? eq(users.quietDigestThrough, marker) : isNull(users.quietDigestThrough),
        ),
      )
      .returning({ id: users.id });
    if (!claimed) return false;
    // Counted from the later of the window's start and the last digest (or the moment quiet hours were set).
    const from = marker && marker > window.start ? marker : window.start;
    const counts = await arrivedBetween(work, member.id, from, window.end);
    if (counts.length > 0) await notify(work, [member.id], quietDigestNotification(counts, window), now);
    return true;
  });
}

async function arrivedBetween(work: Work, userId: number, from: Date, until: Date) {
  const rows = await work.tx
    .select({ type: notifications.type, count: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        gte(notifications.createdAt, from),
        lt(notifications.createdAt, until),
        ne(notifications.type, NotificationType.QUIET_DIGEST),
      ),
    )
    .groupBy(notifications.type)
    .orderBy(asc(notifications.type));
  return rows.map((r) => ({ type: r.type, count: Number(r.count) }));
}
