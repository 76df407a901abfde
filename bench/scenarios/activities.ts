import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client';
import { FLOOR, measure } from '../lib/measure';
import { growMembers, type RunMembers } from '../lib/members';
import { hotRead, mergeReads } from '../lib/read-bars';
import type { Scenario } from './types';

/** The figures: 2000000 activity sessions, here over 2000 members and the last 365 days. */
export const ACTIVITY_WORLD = { sessions: 2_000_000, members: 2000, days: 365 } as const;

/**
 * Each member gets sessions/members sessions spread over the year (member 0, the signed-in one, too), the
 * activity, time and length varied by fixed arithmetic; one generate_series insert, then VACUUM ANALYZE so
 * the planner has statistics and the visibility map allows index-only scans, as a live database would.
 */
async function seedActivities(database: Database, members: RunMembers) {
  const db = database.db;
  await growMembers(db, members, ACTIVITY_WORLD.members);
  const perMember = ACTIVITY_WORLD.sessions / ACTIVITY_WORLD.members;
  const stepSecs = Math.floor((ACTIVITY_WORLD.days * 86400) / perMember);
  await db.execute(sql`
    INSERT INTO activity_logs (user_id, activity_type, session_type, started_at, duration_ms, calories, distance_m)
    SELECT m.id, 1 + (m.n + k) % 12, 1 + (m.n + k) % 12,
      now() - make_interval(secs => k * ${stepSecs} + (m.n * 37) % ${stepSecs}),
      (15 + (m.n * 7 + k * 13) % 75) * 60000, (m.n + k) % 700, (m.n * 11 + k) % 9000
    FROM bench_members m CROSS JOIN generate_series(0, ${perMember - 1}) k`);
  await db.execute(sql`DROP TABLE bench_members`);
  await db.execute(sql`VACUUM ANALYZE activity_logs`);
}

/** A year of history by activity and the global leaderboard over 2000000 sessions, beside the floor. */
export const activities: Scenario = {
  name: 'activities',
  summary: `GET /api/user/activity/history (year, by activity) and the global leaderboard over ${ACTIVITY_WORLD.sessions} sessions against the floor`,
  seed: seedActivities,
  async run(target, settings) {
    const year = new Date().getFullYear();
    const history = {
      label: 'history_year_by_activity',
      method: 'GET',
      path: `/api/user/activity/history?year=${year}&group_by=activity`,
    } as const;
    const board = {
      label: 'leaderboard_global',
      method: 'GET',
      path: '/api/user/community/leaderboard?global=true',
    } as const;
    for (const route of [history, board]) {
      const res = await fetch(`${target.baseUrl}${route.path}`, { headers: target.headers });
      if (!res.ok) throw new Error(`GET ${route.path} answered ${res.status}: ${await res.text()}`);
    }
    const floor = await measure(target, FLOOR, settings);
    const historyRun = await measure(target, history, settings);
    const boardRun = await measure(target, board, settings);
    return {
      measurements: [historyRun, boardRun, floor],
      ...mergeReads(hotRead('history', historyRun, floor), hotRead('leaderboard', boardRun, floor)),
    };
  },
};
