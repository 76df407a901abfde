import {
  type ActivityHistoryQuery,
  type ActivityHistoryResponse,
  activityName,
  ErrorCode,
  HISTORY,
  type HistoryActivity,
  HistoryGroupBy,
  type HistoryMonth,
} from '@orbit/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { activityLogs } from '../../db/schema';
import type { AppDeps, KeptHistory } from '../../deps';
import { badRequest } from '../../platform/errors';
import { sessionsEpochOf } from './history-cache';
import {
  bucketWithin,
  inMemberZone,
  localDay,
  monthOf,
  type Period,
  startedWithin,
  yearOf,
  zoneOfMember,
} from './period';
import { assertMaySeeActivity } from './policy';
import { SESSION_FILTERS } from './summary';

/** Month view: the 12 latest months; year view: the current and two previous years (docs/product/activities-and-leaderboards.md#history). */
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
      ErrorCode.history_out_of_range,
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
 * The owner's zone and their sessions of a period grouped by local day (month view) or month (year view) and
 * activity, in one prepared statement per view. The groups come back as one JSON array: the driver parses it
 * natively where a row per group cost the ORM's row mapping. The sessions are read from
 * activity_logs_user_time_idx alone (it carries the grouped columns: docs/decisions/0029).
 */
const historyStatement = (view: 'month' | 'year') =>
  preparedPerDatabase((db) => {
    const zone = sql.placeholder('zone');
    const owner = sql.placeholder('owner');
    const period = { from: sql.placeholder('from'), until: sql.placeholder('until') };
    const bucket = bucketWithin(period, zone, view === 'month' ? 'day' : 'month');
    const groups = db
      .select({
        bucket: bucket.as('bucket'),
        type: activityLogs.activityType,
        session_type: activityLogs.sessionType,
        session_kind: activityLogs.sessionKind,
        duration: sql<number>`sum(${activityLogs.durationMs})::float8`.as('duration'),
        sessions: sql<number>`count(*)::int`.as('sessions'),
      })
      .from(activityLogs)
      .where(and(eq(activityLogs.userId, owner), startedWithin(period, zone), ...filterPlaceholders()))
      // By output position: each use of the zone is a parameter of its own, so the bucket's text in a
      // GROUP BY would not be the SELECT's.
      .groupBy(sql`1`, sql`2`, sql`3`, sql`4`);
    return db
      .select({
        memberZone: zoneOfMember(owner),
        epoch: sessionsEpochOf(owner),
        groups: sql<GroupRow[]>`(SELECT coalesce(json_agg(g), '[]'::json) FROM (${groups}) g)`,
      })
      .from(sql`(SELECT 1) AS one`)
      .prepare(`activity_history_${view}`);
  });
const historyByView = { month: historyStatement('month'), year: historyStatement('year') };

/** A group as the statement's JSON carries it (columns by their names); bucket: the day or month number. */
interface GroupRow {
  bucket: number;
  activity_type: number;
  session_type: number;
  session_kind: number;
  duration: number;
  sessions: number;
}

/** The kept history's key: everything of the query the answer depends on, and whose it is. */
const historyKey = (ownerId: number, query: ActivityHistoryQuery) =>
  [ownerId, query.year, query.month, query.group_by, query.type, query.session_type, query.bg_app_id].join(
    '|',
  );

/**
 * GET /user/activity/history (docs/product/activities-and-leaderboards.md#history, #summary): the member's (or
 * a friend's) activity in a month (by day) or a year (by month), grouped by date or by activity, in the
 * member's time zone. Read again, it is served as computed while the owner's sessions and zone stand still
 * (HistoryCache, decision 0075); the range is checked at every call, since the member's day moves.
 */
export async function activityHistory(
  deps: AppDeps,
  callerId: number,
  query: ActivityHistoryQuery,
  now = new Date(),
): Promise<ActivityHistoryResponse> {
  const ownerId = query.friend_id ?? callerId;
  await assertMaySeeActivity(deps.db, callerId, ownerId);
  const { zone, answer } = await deps.histories.read(ownerId, historyKey(ownerId, query), () =>
    computeHistory(deps.db, ownerId, query, now),
  );
  assertInRange(localDay(now, zone), query.year, query.month);
  return answer;
}

/**
 * One statement, the owner's zone and sessions' counter read in it (inMemberZone): the history and what it
 * was computed from are one snapshot. Out of range, it answers the error and nothing is kept.
 */
async function computeHistory(
  db: Db,
  ownerId: number,
  query: ActivityHistoryQuery,
  now: Date,
): Promise<KeptHistory> {
  const monthView = query.month !== undefined;
  const period: Period = monthView ? monthOf(query.year, query.month as number) : yearOf(query.year);
  const { zone, value: read } = await inMemberZone(ownerId, async (zone) => {
    const [row] = await historyByView[monthView ? 'month' : 'year'](db).execute({
      owner: ownerId,
      zone,
      from: period.from,
      until: period.until,
      activity_type: query.type ?? null,
      session_type: query.session_type ?? null,
      bg_app_id: query.bg_app_id ?? null,
    });
    return {
      memberZone: row?.memberZone ?? null,
      value: { groups: row?.groups ?? [], epoch: row?.epoch ?? '' },
    };
  });
  assertInRange(localDay(now, zone), query.year, query.month);
  const rows = read.groups;
  // Month view: the day, 'YYYY-MM-DD'; year view: the month number.
  const bucketOf = monthView
    ? (day: number) => `${period.from.slice(0, 8)}${String(day).padStart(2, '0')}`
    : (month: number) => String(month);
  const buckets: Bucket[] = rows.map((r) => ({
    bucket: bucketOf(r.bucket),
    type: r.activity_type,
    session_type: r.session_type,
    session_kind: r.session_kind,
    duration: Number(r.duration),
    sessions: r.sessions,
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
  const answer = {
    year: query.year,
    month: query.month ?? null,
    group_by: groupBy,
    total_duration_millis: total,
    activities,
    activities_by_month: months,
  };
  return { epoch: read.epoch, zone, answer };
}
