import { type ActivitySummaryQuery, type ActivitySummaryResponse, activityName } from '@orbit/contract';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { activityLogs } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { findUser } from '../faces';
import { addDays, localDay, type Period, safeZone, startedWithin, weekOf } from './period';
import { assertMaySeeActivity } from './policy';
import { distanceIn, unitOf } from './presenter';

const sumOf = (column: SQL | AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)::float8`;

/** The optional filters of the summary and the history (docs/product/activities-and-leaderboards.md#summary), by the column each one narrows. */
export const SESSION_FILTERS = {
  activity_type: activityLogs.activityType,
  session_type: activityLogs.sessionType,
  bg_app_id: activityLogs.appId,
} as const;
export type ActivityLogFilters = { [K in keyof typeof SESSION_FILTERS]?: number };

export function activityLogFilters(filters: ActivityLogFilters) {
  const where: SQL[] = [];
  for (const [name, column] of Object.entries(SESSION_FILTERS)) {
    const value = filters[name as keyof ActivityLogFilters];
    if (value !== undefined) where.push(eq(column, value));
  }
  return where;
}

/**
 * GET /user/activity/summary: the THIS WEEK summary of the user star page (docs/product/friends.md#member-page), one item per activity,
 * longest first. Without dates it is the current week, Monday start, in the member's own time zone; dates
 * are days of that zone, end_date included.
 */
export async function activitySummary(
  deps: AppDeps,
  callerId: number,
  query: ActivitySummaryQuery,
  now = new Date(),
): Promise<ActivitySummaryResponse> {
  const db = deps.db;
  const ownerId = query.user_id ?? callerId;
  await assertMaySeeActivity(db, callerId, ownerId);
  const [owner, caller] = await Promise.all([findUser(db, ownerId), findUser(db, callerId)]);
  const zone = safeZone(owner.timezone);
  const week = weekOf(localDay(now, zone));
  const period: Period = {
    from: query.start_date ?? week.from,
    until: query.end_date ? addDays(query.end_date, 1) : week.until,
  };
  const unit = unitOf(caller.unitPreference);
  const rows = await db
    .select({
      type: activityLogs.activityType,
      session_type: activityLogs.sessionType,
      duration: sumOf(activityLogs.durationMs),
      calories: sumOf(activityLogs.calories),
      steps: sumOf(activityLogs.steps),
      metres: sumOf(activityLogs.distanceM),
      sessions: sql<number>`count(*)::int`,
    })
    .from(activityLogs)
    .where(and(eq(activityLogs.userId, ownerId), startedWithin(period, zone), ...activityLogFilters(query)))
    .groupBy(activityLogs.activityType, activityLogs.sessionType)
    .orderBy(desc(sumOf(activityLogs.durationMs)), activityLogs.activityType);
  const activities = rows.map((r) => ({
    type: r.type,
    session_type: r.session_type,
    activity_name: activityName(r.type),
    duration_millis: Number(r.duration),
    calories: Number(r.calories),
    steps: Number(r.steps),
    distance: distanceIn(Number(r.metres), unit),
    sessions: r.sessions,
  }));
  return {
    activities,
    start_date: period.from,
    end_date: addDays(period.until, -1),
    total_duration_millis: activities.reduce((sum, a) => sum + a.duration_millis, 0),
    distance_unit: unit,
  };
}
