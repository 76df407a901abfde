import { sql } from 'drizzle-orm';
import { browserSessionCookies } from '../../apps/server/src/platform/auth/cookies';
import { DESKTOP, launchBrowser } from '../../e2e/support/browser';
import { assertWebAppBuilt } from '../../e2e/support/server';
import type { Measurement } from '../lib/measure';
import type { Scenario } from './types';

/** The issue's home view: 150 orbiting stars, measured over 10 s of orbiting after the opening transitions. */
const STARS = 150;
const MEASURE_MS = 10_000;
const SETTLE_MS = 3_000;
/** One frame at 60 Hz: the p95 target of issue 3. */
const FRAME_BUDGET_MS = 1000 / 60;

/**
 * Member 0 befriends members 1..150 (both directions, as a friendship is stored) with interaction histories
 * over the three orbiting zones and the three sizes, so every friend orbits.
 */
async function seedFriends(
  database: Parameters<NonNullable<Scenario['seed']>>[0],
  { prefix }: { prefix: string },
) {
  const db = database.db;
  // The shared members are named <prefix>m0, <prefix>m1...: n is the number after the prefix.
  await db.execute(sql`
    CREATE TEMP TABLE bench_home AS
    SELECT id, substr(username, ${prefix.length + 2}::int)::int AS n FROM users
    WHERE username LIKE ${`${prefix}m%`} AND substr(username, ${prefix.length + 2}::int)::int <= ${STARS}`);
  await db.execute(sql`
    INSERT INTO friendships (user_id, friend_id)
    SELECT me.id, f.id FROM bench_home me JOIN bench_home f ON me.n = 0 AND f.n > 0
    UNION ALL SELECT f.id, me.id FROM bench_home me JOIN bench_home f ON me.n = 0 AND f.n > 0`);
  await db.execute(sql`
    INSERT INTO stars (owner_id, target_kind, target_id, interaction_score, interaction_date)
    SELECT me.id, 'user', f.id, (f.n % 12)::float, now() - make_interval(days => f.n % 40)
    FROM bench_home me JOIN bench_home f ON me.n = 0 AND f.n > 0`);
  await db.execute(sql`DROP TABLE bench_home`);
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Number(sorted[index]?.toFixed(2) ?? 0);
}

/**
 * Frame timestamps from requestAnimationFrame for `ms` in the page: what the member sees as smoothness.
 * Written as page source: tsx would wrap a Node-side function in helpers the page does not have.
 */
const recordFrames = (ms: number) => `new Promise((resolve) => {
  const stamps = [];
  const frame = (now) => {
    stamps.push(now);
    if (now - stamps[0] < ${ms}) requestAnimationFrame(frame);
    else resolve(stamps);
  };
  requestAnimationFrame(frame);
})`;

/** The home view with 150 stars in headless Chromium: frame time p50/p95/p99 over 10 s of orbiting. */
export const frames: Scenario = {
  name: 'frames',
  summary: `home view frame times with ${STARS} orbiting stars, ${MEASURE_MS / 1000} s in headless Chromium`,
  seed: seedFriends,
  async run(target) {
    assertWebAppBuilt();
    const profiles = await fetch(`${target.baseUrl}/api/user/profiles`, { headers: target.headers });
    const { stars: set } = (await profiles.json()) as { stars: { zone: number }[] };
    const orbiting = set.filter((star) => star.zone < 4).length;
    if (orbiting < STARS)
      throw new Error(`the home member has ${orbiting} orbiting stars, expected ${STARS}`);
    const token = (target.headers.authorization ?? '').replace(/^Bearer /, '');
    const browser = await launchBrowser({ fullBrowser: true });
    try {
      const context = await browser.newContext({ baseURL: target.baseUrl, viewport: DESKTOP });
      await context.addCookies(browserSessionCookies(token, target.baseUrl));
      const page = await context.newPage();
      await page.goto('/');
      const stars = page.locator('[data-testid=star-field] button');
      await page.locator('[data-testid=star-field]').waitFor();
      await stars.nth(STARS).waitFor({ state: 'attached' });
      // Every star of the set is drawn: the 150 friends, the ME star and the quiet MOMENTS star.
      const drawn = await stars.count();
      if (drawn !== set.length) throw new Error(`the home view drew ${drawn} stars, expected ${set.length}`);
      await page.waitForTimeout(SETTLE_MS);
      const stamps = (await page.evaluate(recordFrames(MEASURE_MS))) as number[];
      const deltas = stamps.slice(1).map((t, i) => t - (stamps[i] as number));
      const sorted = [...deltas].sort((a, b) => a - b);
      const p95 = percentile(sorted, 95);
      const row: Measurement = {
        label: `frames_${STARS} (req/s = frames/s)`,
        method: 'GET',
        path: '/',
        requestsPerSec: Math.round(
          (deltas.length * 1000) / ((stamps.at(-1) as number) - (stamps[0] as number)),
        ),
        p50Ms: percentile(sorted, 50),
        p99Ms: percentile(sorted, 99),
        requests: deltas.length,
        statuses: {},
        errors: 0,
        timeouts: 0,
      };
      // Frame intervals are paced by the 60 Hz vsync, so they sit at 16.67 ms give or take the timer's jitter;
      // a frame the page was too slow for shows as a gap of two intervals or more.
      const dropped = deltas.filter((delta) => delta > FRAME_BUDGET_MS * 1.5).length;
      return {
        measurements: [row],
        ratios: {
          frame_p95_ms: p95,
          frame_p95_over_budget: Number((p95 / FRAME_BUDGET_MS).toFixed(3)),
          dropped_frames_percent: Number(((dropped * 100) / Math.max(1, deltas.length)).toFixed(2)),
        },
      };
    } finally {
      await browser.close();
    }
  },
};
