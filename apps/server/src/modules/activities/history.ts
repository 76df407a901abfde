import {
  ActivityError,
  type ActivityHistoryQuery,
  type ActivityHistoryResponse,
  activityName,
  HISTORY,
  type HistoryActivity,
  HistoryGroupBy,
  type HistoryMonth,
} from '@orbit/contract';
import { and, eq, sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../../db/prepared';
import { activitySessions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../platform/errors';
import {
  localDay,
  localDayOf,
  localMonthOf,
  memberZone,
  monthOf,
  type Period,
  startedWithin,
  yearOf,
} from './period';
import { assertMaySeeActivity } from './policy';
import { SESSION_FILTERS } from './summary';

/** Month view: the 12 latest months; year view: the current and two previous years (001 §9). */
function assertInRange(today: string, year: number, month: number | undefined) {
  const thisYear = Number(today.slice(0, 4));
  const thisMonth = Number(today.slice(5, 7));
  const monthsBack = (thisYear - year) * 12 + (thisMonth - (month ?? thisMonth));
  const ok =
    month === undefined
      ? year <= thisYear && year > thisYear - HISTORY.years
      : monthsBack >= 0 && monthsBack < HISTORY.months;
  if (!ok) {
    throw badRequest(
      ActivityError.history_out_of_range,
      month === undefined
        ? 'History covers the current and two previous years'
        : 'History covers the last 12 months',
    );
  }
}

interface Bucket {
  /** A day (month view) or a month number (year view). */
  bucket: string;
  type: number;
  session_type: number;
  session_kind: number;
  duration: number;
  sessions: number;
}

const activityKey = (b: Pick<Bucket, 'type' | 'session_type' | 'session_kind'>) =>
  `${b.type}:${b.session_type}:${b.session_kind}`;

function historyRow(b: Bucket, day: string | null, total: number): HistoryActivity {
  return {
    day,
    type: b.type,
    session_type: b.session_type,
    session_kind: b.session_kind,
    name: activityName(b.type),
    duration_millis: b.duration,
    total_duration_millis: total,
    sessions: b.sessions,
  };
}

const longestFirst = (a: { duration: number; type: number }, b: { duration: number; type: number }) =>
  b.duration - a.duration || a.type - b.type;

/** Buckets of the same activity added up, longest first. */
function byActivity(buckets: Bucket[]): Bucket[] {
  const merged = new Map<string, Bucket>();
  for (const b of buckets) {
    const key = activityKey(b);
    const into = merged.get(key);
    if (into) {
      into.duration += b.duration;
      into.sessions += b.sessions;
    } else merged.set(key, { ...b, bucket: '' });
  }
  return [...merged.values()].sort(longestFirst);
}

const totalOf = (buckets: Bucket[]) => buckets.reduce((sum, b) => sum + b.duration, 0);

function monthSummary(year: number, month: number, buckets: Bucket[]): HistoryMonth {
  const activities = byActivity(buckets);
  const total = totalOf(activities);
  return {
    year,
    month,
    total_duration_millis: total,
    activities: activities.slice(0, HISTORY.maxActivities).map((b) => historyRow(b, null, total)),
  };
}

/** Month view by date: one row per day and activity, each carrying its day's total. */
function byDate(buckets: Bucket[]): HistoryActivity[] {
  const dayTotals = new Map<string, number>();
  for (const b of buckets) dayTotals.set(b.bucket, (dayTotals.get(b.bucket) ?? 0) + b.duration);
  return [...buckets]
    .sort((a, b) => a.bucket.localeCompare(b.bucket) || longestFirst(a, b))
    .map((b) => historyRow(b, b.bucket, dayTotals.get(b.bucket) ?? 0));
}

/** The optional filters as placeholders: a null value lets every session through. */
const filterPlaceholders = () =>
  Object.entries(SESSION_FILTERS).map(([name, column]) => {
    const value = sql.placeholder(name);
    return sql`(${value}::int IS NULL OR ${column} = ${value})`;
  });

/**
 * The member's sessions of a period grouped by local day (month view) or month (year view) and activity:
 * one prepared statement per view, read from activity_sessions_user_time_idx alone (it carries the
 * grouped columns, so the scan never visits the table: docs/decisions/0029).
 */
const historyStatement = (view: 'month' | 'year') =>
  preparedPerDatabase((db) => {
    const zone = sql.placeholder('zone');
    const bucket = view === 'month' ? localDayOf(zone) : sql<string>`${localMonthOf(zone)}::text`;
    return (
      db
        .select({
          bucket,
          type: activitySessions.activityType,
          session_type: activitySessions.sessionType,
          session_kind: activitySessions.sessionKind,
          duration: sql<number>`sum(${activitySessions.durationMs})::float8`,
          sessions: sql<number>`count(*)::int`,
        })
        .from(activitySessions)
        .where(
          and(
            eq(activitySessions.userId, sql.placeholder('owner')),
            startedWithin({ from: sql.placeholder('from'), until: sql.placeholder('until') }, zone),
            ...filterPlaceholders(),
          ),
        )
        // By output position: each use of the zone is a parameter of its own, so the bucket's text in a
        // GROUP BY would not be the SELECT's.
        .groupBy(sql`1`, sql`2`, sql`3`, sql`4`)
        .prepare(`activity_history_${view}`)
    );
  });
const historyByView = { month: historyStatement('month'), year: historyStatement('year') };

/**
 * GET /user/activity/history (001 §2, §7): the member's (or a friend's) activity in a month (by day) or a year
 * (by month), grouped by date or by activity, in the member's time zone. One grouped query over the
 * member's sessions of the period.
 */
export async function activityHistory(
  deps: AppDeps,
  callerId: number,
  query: ActivityHistoryQuery,
  now = new Date(),
): Promise<ActivityHistoryResponse> {
  const db = deps.db;
  const ownerId = query.friend_id ?? callerId;
  await assertMaySeeActivity(db, callerId, ownerId);
  const zone = await memberZone(db, ownerId);
  assertInRange(localDay(now, zone), query.year, query.month);
  const monthView = query.month !== undefined;
  const period: Period = monthView ? monthOf(query.year, query.month as number) : yearOf(query.year);
  const rows = await historyByView[monthView ? 'month' : 'year'](db).execute({
    owner: ownerId,
    zone,
    from: period.from,
    until: period.until,
    activity_type: query.type ?? null,
    session_type: query.session_type ?? null,
    bg_app_id: query.bg_app_id ?? null,
  });
  const buckets: Bucket[] = rows.map((r) => ({
    ...r,
    bucket: String(r.bucket),
    duration: Number(r.duration),
  }));
  const total = totalOf(buckets);
  const groupBy = query.group_by ?? HistoryGroupBy.DATE;
  const months = monthView
    ? [monthSummary(query.year, query.month as number, buckets)]
    : Array.from({ length: 12 }, (_, i) =>
        monthSummary(
          query.year,
          i + 1,
          buckets.filter((b) => Number(b.bucket) === i + 1),
        ),
      );
  const activities =
    monthView && groupBy === HistoryGroupBy.DATE
      ? byDate(buckets)
      : byActivity(buckets).map((b) => historyRow(b, null, total));
  return {
    year: query.year,
    month: query.month ?? null,
    group_by: groupBy,
    total_duration_millis: total,
    activities,
    activities_by_month: months,
  };
}
