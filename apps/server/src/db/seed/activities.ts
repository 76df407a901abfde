import { activityName, PostType } from '@orbit/contract';
import { sql } from 'drizzle-orm';
import { DEMO_PERSON } from './people';
import type { SeedContext, SeedWorld } from './world';

/** The activities the demo members do; each member keeps to three neighbouring ones, their habits. */
const PALETTE = [1, 2, 4, 9, 10, 5, 3, 8, 11, 13] as const;
/** Metres a minute of each palette activity covers; 0 for those that go nowhere. */
const METRES_A_MINUTE = [160, 90, 350, 0, 30, 80, 0, 0, 0, 0] as const;
/** Activities that count steps. */
const STEPPING = new Set([1, 2, 5]);
const DAYS = 365;
/** The newest sessions of each member that get their SYSTEM_ACTIVITY post (the older ones are history only). */
const POSTED_PER_MEMBER = 2;

const literalArray = (values: readonly (number | string)[]) =>
  sql.raw(`(ARRAY[${values.map((v) => (typeof v === 'number' ? String(v) : `'${v}'`)).join(',')}])`);

/**
 * A year of varied activity for every seeded member, in two statements: generate_series makes about four
 * sessions a week per member (time of day, length and activity varied by a fixed arithmetic on member and
 * day, with a seasonal swing), then the newest two of each get their SYSTEM_ACTIVITY post on the member's
 * feed, linked as a logged session's would be. Fixed arithmetic rather than random() keeps runs repeatable.
 * Each member also has a session in the demo member's week so far, spread over it and ended by now: the
 * daily ones start between 06:00 and 20:00 UTC, so a world seeded early on a Monday had an empty board and
 * THIS WEEK (for the demo member in Los Angeles, from 08:00 to about 10:00 UTC).
 */
export async function seedActivities(ctx: SeedContext, world: SeedWorld, now = new Date()): Promise<void> {
  const ids = [world.demoUserId, ...world.memberIds];
  const memberIds = sql.raw(`ARRAY[${ids.join(',')}]::int[]`);
  const palette = literalArray(PALETTE);
  const metres = literalArray(METRES_A_MINUTE);
  const stepping = literalArray([...STEPPING]);
  const at = sql`${now.toISOString()}::timestamptz`;
  const weekStart = sql`(date_trunc('week', ${at} AT TIME ZONE ${DEMO_PERSON.timezone}) AT TIME ZONE ${DEMO_PERSON.timezone})`;
  await ctx.tx.execute(sql`
    INSERT INTO activity_logs (user_id, activity_type, session_type, started_at, duration_ms, calories, steps, distance_m)
    SELECT id, activity, activity, started_at, minutes * 60000, minutes * (6 + activity % 5),
      CASE WHEN activity = ANY(${stepping}) THEN minutes * (95 + id % 30) ELSE 0 END,
      minutes * ${metres}[slot]
    FROM (
      SELECT u.id, ${palette}[slot] AS activity, slot,
        date_trunc('day', ${at}) - make_interval(days => d.day)
          + make_interval(hours => 6 + (u.id * 7 + d.day) % 14, mins => (u.id * 13 + d.day * 7) % 60) AS started_at,
        greatest(10, round((20 + (u.id * 11 + d.day * 23) % 55) * (1 + 0.3 * sin(d.day / 58.0))))::int AS minutes
      FROM unnest(${memberIds}) AS u(id)
      CROSS JOIN generate_series(0, ${DAYS - 1}) AS d(day)
      CROSS JOIN LATERAL (SELECT 1 + (u.id * 3 + d.day % 3) % ${PALETTE.length} AS slot) s
      WHERE (u.id * 31 + d.day * 17) % 7 < 4
      UNION ALL
      SELECT u.id, ${palette}[slot], slot, w.start + (${at} - w.start) * share,
        least(20 + u.id % 40, floor(extract(epoch FROM ${at} - w.start) * (1 - share) / 60))::int
      FROM unnest(${memberIds}) AS u(id)
      CROSS JOIN (SELECT ${weekStart} AS start) w
      CROSS JOIN LATERAL (SELECT 1 + (u.id * 3) % ${PALETTE.length} AS slot, ((u.id * 37) % 90) / 100.0::float8 AS share) s
    ) planned
    WHERE started_at < ${at} AND minutes >= 1
  `);
  const names = literalArray(PALETTE.map((type) => activityName(type)));
  await ctx.tx.execute(sql`
    WITH recent AS (
      SELECT s.*, row_number() OVER (PARTITION BY s.user_id ORDER BY s.started_at DESC) AS n
      FROM activity_logs s
      WHERE s.user_id = ANY(${memberIds})
        AND s.started_at + make_interval(secs => s.duration_ms / 1000) < ${at}
    ), chosen AS (
      SELECT r.*, ${names}[array_position(${palette}, r.activity_type)] AS name,
        r.started_at + make_interval(secs => r.duration_ms / 1000) AS ended_at
      FROM recent r WHERE n <= ${POSTED_PER_MEMBER}
    ), written AS (
      INSERT INTO posts (owner_user_id, author_id, type, message, activity, created_at, updated_at)
      SELECT user_id, user_id, ${PostType.SYSTEM_ACTIVITY}, '', jsonb_build_object(
        'activity_name', name, 'activity_type', activity_type, 'activity_session_type', session_type,
        'session_kind', session_kind, 'activity_time', to_char(started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'duration', duration_ms, 'calories', calories, 'steps', steps,
        'distance', round(distance_m / 1000.0, 2), 'distance_unit', 'km', 'bg_app_id', app_id
      ), ended_at, ended_at
      FROM chosen
      RETURNING id, owner_user_id, created_at
    )
    INSERT INTO activity_log_posts (activity_log_id, post_id)
    SELECT c.id, w.id FROM chosen c JOIN written w ON w.owner_user_id = c.user_id AND w.created_at = c.ended_at
  `);
}
