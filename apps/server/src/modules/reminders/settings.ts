import {
  clockMinutes,
  clockText,
  REMINDER_DEFAULTS,
  type RemindersBody,
  type RemindersResponse,
} from '@orbit/contract';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { reminders, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { safeZone } from '../activities';
import type { ReminderKind } from '../notifications';
import { daysMask, daysOfMask, EVERY_DAY, nextOccurrence } from './schedule';

export const REMINDER_KINDS: readonly ReminderKind[] = ['mood', 'activity'];

type ReminderRow = typeof reminders.$inferSelect;

function present(rows: ReminderRow[]): RemindersResponse {
  const of = (kind: ReminderKind) => rows.find((row) => row.kind === kind);
  const mood = of('mood');
  const activity = of('activity');
  return {
    mood: mood ? { enabled: mood.enabled, time: clockText(mood.minute) } : { ...REMINDER_DEFAULTS.mood },
    activity: activity
      ? { enabled: activity.enabled, time: clockText(activity.minute), days: daysOfMask(activity.days) }
      : { ...REMINDER_DEFAULTS.activity, days: [...REMINDER_DEFAULTS.activity.days] },
  };
}

/** GET /user/reminders: the defaults (both off) until the member sets one. */
export async function remindersOf(db: Queryable, userId: number): Promise<RemindersResponse> {
  return present(await db.select().from(reminders).where(eq(reminders.userId, userId)));
}

/**
 * PUT /user/reminders: the parts given change, the rest stay. Each changed reminder's next instant is worked
 * out again from now in the member's zone, under the member's row lock so that two saves at once leave the
 * row of the later one, its `next_at` its own.
 */
export async function updateReminders(deps: AppDeps, userId: number, body: RemindersBody) {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const [member] = await tx
      .select({ timezone: users.timezone })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    const zone = safeZone(member?.timezone);
    const current = await remindersOf(tx, userId);
    for (const kind of REMINDER_KINDS) {
      const change = body[kind];
      if (!change) continue;
      const wanted = { ...current[kind], ...change };
      const minute = clockMinutes(wanted.time) as number;
      const days = kind === 'activity' ? daysMask(body.activity?.days ?? current.activity.days) : EVERY_DAY;
      const nextAt = wanted.enabled ? nextOccurrence(now, minute, days, zone) : null;
      const row = { enabled: wanted.enabled, minute, days, nextAt, zone };
      await tx
        .insert(reminders)
        .values({ userId, kind, ...row })
        .onConflictDoUpdate({ target: [reminders.userId, reminders.kind], set: row });
    }
    return remindersOf(tx, userId);
  });
}
