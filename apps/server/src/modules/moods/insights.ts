import { MOOD_INSIGHTS_DAYS, type MoodDay, type MoodInsightsResponse } from '@orbit/contract';
import { sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../../db/prepared';
import { activityLogs, moodHistory } from '../../db/schema';
import type { AppDeps } from '../../deps';
import {
  addDays,
  inMemberZone,
  instantWithin,
  localDay,
  localDayOf,
  startedWithin,
  zoneOfMember,
} from '../activities';
import { summarize } from './summary';

/** A mood as the statement's JSON carries it: [local day, mood]. */
type MoodRow = [string, number];
/** A day's activity as the statement's JSON carries it: [local day, summed duration in ms]. */
type ActiveRow = [string, number];

/**
 * The member's zone, their moods of the period in the order set and their activity time per local day, in one
 * prepared statement (one round trip). Both reads walk the member's (member, time) index:
 * mood_history_user_time_idx and activity_logs_user_time_idx (which also carries the duration).
 */
const insightsStatement = preparedPerDatabase((db) => {
  const zone = sql.placeholder('zone');
  const member = sql.placeholder('member');
  const period = { from: sql.placeholder('from'), until: sql.placeholder('until') };
  const moods = sql<MoodRow[]>`(
    SELECT coalesce(json_agg(json_build_array(${localDayOf(zone, moodHistory.setAt)}, ${moodHistory.mood})
      ORDER BY ${moodHistory.setAt}, ${moodHistory.id}), '[]'::json)
    FROM ${moodHistory}
    WHERE ${moodHistory.userId} = ${member} AND ${instantWithin(moodHistory.setAt, period, zone)})`;
  // By output position: each use of the zone is a parameter of its own, so the day's text would not match.
  const active = sql<ActiveRow[]>`(
    SELECT coalesce(json_agg(json_build_array(d.day, d.ms)), '[]'::json)
    FROM (
      SELECT ${localDayOf(zone)} AS day, sum(${activityLogs.durationMs})::float8 AS ms
      FROM ${activityLogs}
      WHERE ${activityLogs.userId} = ${member} AND ${startedWithin(period, zone)}
      GROUP BY 1
    ) d)`;
  return db
    .select({ memberZone: zoneOfMember(member), moods, active })
    .from(sql`(SELECT 1) AS one`)
    .prepare('mood_insights');
});

const MS_A_MINUTE = 60_000;

/** Every day from `from` to `today`, with nothing in it yet: the chart's axis has no gaps. */
function emptyDays(from: string, today: string): MoodDay[] {
  const days: MoodDay[] = [];
  for (let date = from; date <= today; date = addDays(date, 1))
    days.push({ date, moods: [], active_minutes: 0 });
  return days;
}

/**
 * GET /user/mood/insights: the caller's own moods against their activity minutes, one entry per local day of
 * their time zone (users.timezone), `days` of them ending today. Only ever the caller's: it takes no member.
 */
export async function moodInsights(
  deps: AppDeps,
  userId: number,
  days: number = MOOD_INSIGHTS_DAYS.default,
  now = new Date(),
): Promise<MoodInsightsResponse> {
  const { value } = await inMemberZone(userId, async (zone) => {
    const today = localDay(now, zone);
    const from = addDays(today, 1 - days);
    const [row] = await insightsStatement(deps.db).execute({
      member: userId,
      zone,
      from,
      until: addDays(today, 1),
    });
    return { memberZone: row?.memberZone ?? null, value: { from, today, row } };
  });
  const byDate = new Map(emptyDays(value.from, value.today).map((day) => [day.date, day]));
  for (const [date, mood] of value.row.moods) byDate.get(date)?.moods.push(mood);
  for (const [date, ms] of value.row.active) {
    const day = byDate.get(date);
    if (day) day.active_minutes = Math.round(ms / MS_A_MINUTE);
  }
  const list = [...byDate.values()];
  return { days: list, summary: summarize(list) };
}
