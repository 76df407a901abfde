import type { GoalProgress, WeeklyGoal } from '@orbit/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { activityLogs, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../platform/errors';
import { localDay, localDayOf, safeZone, startedWithin, weekOf } from '../activities';

/** GET /user/goal: the member's own; nobody else's is ever read (the route takes no member). */
export async function goalOf(db: Queryable, userId: number): Promise<WeeklyGoal> {
  const [row] = await db.select({ minutes: users.weeklyGoalMinutes }).from(users).where(eq(users.id, userId));
  if (!row) throw notFound('No such member');
  return { weekly_active_minutes: row.minutes };
}

/** PUT /user/goal: sets it, or clears it with null (the schema holds it to 10..3000). */
export async function setGoal(deps: AppDeps, userId: number, body: WeeklyGoal): Promise<WeeklyGoal> {
  await deps.db
    .update(users)
    .set({ weeklyGoalMinutes: body.weekly_active_minutes })
    .where(eq(users.id, userId));
  return goalOf(deps.db, userId);
}

/**
 * GET /user/goal/progress: this week (Monday first) in the member's zone at the deps' clock, from the
 * sessions that started in it: active minutes (rounded down) and the days with one at least.
 */
export async function goalProgress(deps: AppDeps, userId: number): Promise<GoalProgress> {
  const [member] = await deps.db
    .select({ timezone: users.timezone, goal: users.weeklyGoalMinutes })
    .from(users)
    .where(eq(users.id, userId));
  if (!member) throw notFound('No such member');
  const zone = safeZone(member.timezone);
  const week = weekOf(localDay(deps.clock(), zone));
  const [sums] = await deps.db
    .select({
      ms: sql<string | null>`sum(${activityLogs.durationMs})`,
      days: sql<number>`count(DISTINCT ${localDayOf(zone)})`.mapWith(Number),
    })
    .from(activityLogs)
    .where(and(eq(activityLogs.userId, userId), startedWithin(week, zone)));
  return {
    week_start: week.from,
    active_minutes: Math.floor(Number(sums?.ms ?? 0) / 60_000),
    goal: member.goal,
    days_active: sums?.days ?? 0,
  };
}
