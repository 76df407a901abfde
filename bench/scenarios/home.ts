import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client';
import { FLOOR, measure } from '../lib/measure';
import { growMembers } from '../lib/members';
import { hotRead } from '../lib/read-bars';
import type { Scenario } from './types';

/** The world: 10000 members, 200000 friendships (pairs), a home view of 150 stars. */
export const HOME_WORLD = { members: 10_000, friendships: 200_000, stars: 150 } as const;
/** Each member befriends the next 20 (wrapping): 10000 x 20 distinct pairs, 40 friends each. */
const RING_SPAN = HOME_WORLD.friendships / HOME_WORLD.members;
/**
 * The measured member's star set: the ME star, the REQUESTS star, the quiet MOMENTS star every member has
 * (decision 0039), pending friends and friends.
 */
const PENDING = 4;
const INCOMING = 3;
const FRIENDS = HOME_WORLD.stars - 3 - PENDING;
const EXTRA_FRIENDS = FRIENDS - 2 * RING_SPAN;

/**
 * Bulk SQL with generate_series: seconds for what inserts row by row would take minutes. Members are
 * numbered n = 0.. by id within this run's prefix (growMembers); member 0 is the one measured.
 */
async function seedHome(database: Database, { prefix, usernames }: { prefix: string; usernames: string[] }) {
  const db = database.db;
  await growMembers(db, { prefix, usernames }, HOME_WORLD.members);
  const pairs = sql`
    SELECT a.id AS a, b.id AS b FROM bench_members a
    CROSS JOIN generate_series(1, ${RING_SPAN}) k
    JOIN bench_members b ON b.n = (a.n + k) % ${HOME_WORLD.members}
    UNION ALL
    SELECT a.id, b.id FROM bench_members a JOIN bench_members b
      ON a.n = 0 AND b.n BETWEEN 100 AND ${100 + EXTRA_FRIENDS - 1}`;
  await db.execute(sql`
    INSERT INTO friendships (user_id, friend_id)
    SELECT a, b FROM (${pairs}) p UNION ALL SELECT b, a FROM (${pairs}) p`);
  await db.execute(sql`
    INSERT INTO friend_requests (from_id, to_id, message)
    SELECT me.id, b.id, 'hello' FROM bench_members me JOIN bench_members b
      ON me.n = 0 AND b.n BETWEEN 1000 AND ${1000 + PENDING - 1}
    UNION ALL
    SELECT b.id, me.id, NULL FROM bench_members me JOIN bench_members b
      ON me.n = 0 AND b.n BETWEEN 2000 AND ${2000 + INCOMING - 1}`);
  // The measured member's stars with interaction histories spread over every zone and size.
  await db.execute(sql`
    INSERT INTO stars (owner_id, target_kind, target_id, pinned, interaction_score, interaction_date)
    SELECT me.id, 'user', t.id, t.n % 50 = 0, (t.n % 12)::float, now() - make_interval(days => t.n % 60)
    FROM bench_members me
    JOIN (SELECT f.user_id AS owner, f.friend_id AS id FROM friendships f
          UNION ALL SELECT r.from_id, r.to_id FROM friend_requests r) o ON o.owner = me.id
    JOIN bench_members t ON t.id = o.id
    WHERE me.n = 0`);
  await db.execute(sql`DROP TABLE bench_members`);
  await db.execute(sql`ANALYZE`);
}

/** The home view at scale: GET /user/profiles for a member with 150 stars, beside the floor. */
export const home: Scenario = {
  name: 'home',
  summary: `GET /api/user/profiles with ${HOME_WORLD.stars} stars, ${HOME_WORLD.members} members, ${HOME_WORLD.friendships} friendships, against the floor`,
  seed: seedHome,
  async run(target, settings) {
    const profiles = await fetch(`${target.baseUrl}/api/user/profiles`, { headers: target.headers });
    const starCount = ((await profiles.json()) as { stars: unknown[] }).stars.length;
    if (starCount !== HOME_WORLD.stars) {
      throw new Error(`the home member has ${starCount} stars, expected ${HOME_WORLD.stars}`);
    }
    const floor = await measure(target, FLOOR, settings);
    const homeView = await measure(
      target,
      { label: 'home_150', method: 'GET', path: '/api/user/profiles' },
      settings,
    );
    return {
      measurements: [homeView, floor],
      ...hotRead('home_150', homeView, floor),
    };
  },
};
