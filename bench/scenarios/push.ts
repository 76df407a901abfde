import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { type Database, openPostgres } from '../../apps/server/src/db/client';
import { envNumber } from '../lib/env';
import type { Measurement } from '../lib/measure';
import { BenchPushService } from '../lib/push-service';
import { SocketHolder } from '../lib/socket-holder';
import { bearer, deliveryMeasurement } from '../lib/sockets';
import { PUSH_AUDIENCE, type PushCommunity, seedPushCommunity, subscribeSessions } from './push-world';
import type { PmLog } from './soak-mix';
import { brief, phaseLine, runPhase, SOCKETS_PER_MEMBER } from './soak-phase';
import { SOAK_WORLD, type SoakWorld, seedSoakWorld } from './soak-world';
import type { BenchTarget, Scenario, ScenarioResult } from './types';

/** How long the pushes of one post may take to all arrive, and the queue to empty after the soak. */
const ALL_SENT_TIMEOUT_MS = 180_000;

function pushSettings() {
  return {
    rate: envNumber('PUSH_SOAK_RATE', 100),
    seconds: envNumber('PUSH_SOAK_SECONDS', 60),
    warmupSeconds: envNumber('SOAK_WARMUP_SECONDS', 10),
    /** Expert posts timed each way (without, then with subscriptions), after one untimed. */
    posts: envNumber('PUSH_POSTS', 5),
  };
}

let seeded: { soak: SoakWorld; community: PushCommunity } | null = null;
const log = (line: string) => console.log(`[bench] push: ${line}`);
const load = () => os.loadavg().map((n) => Number(n.toFixed(2)));

async function pushesQueued(database: Database): Promise<number> {
  // A community push not yet expanded into its members' pushes counts as waiting too.
  const result = (await database.db.execute(
    sql`SELECT (SELECT count(*) FROM push_outbox) + (SELECT count(*) FROM push_fanouts) AS n`,
  )) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0].n);
}

/** Until the outbox is empty (every push of the soak sent), or the timeout. */
async function drained(database: Database): Promise<number> {
  const deadline = Date.now() + ALL_SENT_TIMEOUT_MS;
  let left = await pushesQueued(database);
  while (left > 0 && Date.now() < deadline) {
    await sleep(250);
    left = await pushesQueued(database);
  }
  return left;
}

interface PostTiming {
  postMs: number;
  /** From the POST's start to the last of its pushes at the push service; null when some never came. */
  allSentMs: number | null;
}

/** One expert post to the audience: its latency and, when `expected` pushes are awaited, their last arrival. */
async function timedPost(
  target: BenchTarget,
  community: PushCommunity,
  service: BenchPushService,
  expected: number,
  n: number,
): Promise<PostTiming> {
  const before = service.received;
  const start = performance.now();
  const res = await fetch(`${target.baseUrl}/api/community/feed`, {
    method: 'POST',
    headers: { ...bearer(community.expertToken), 'content-type': 'application/json' },
    body: JSON.stringify({ community_id: community.communityId, message: `bench push post ${n}` }),
  });
  const postMs = performance.now() - start;
  if (!res.ok) throw new Error(`POST /api/community/feed answered ${res.status}: ${await res.text()}`);
  if (expected === 0) return { postMs, allSentMs: null };
  const deadline = Date.now() + ALL_SENT_TIMEOUT_MS;
  while (service.received < before + expected && Date.now() < deadline) await sleep(20);
  const last = service.arrivals[before + expected - 1];
  return { postMs, allSentMs: last === undefined ? null : last - start };
}

async function timedPosts(
  target: BenchTarget,
  community: PushCommunity,
  service: BenchPushService,
  expected: number,
  count: number,
) {
  await timedPost(target, community, service, expected, -1);
  const timings: PostTiming[] = [];
  for (let n = 0; n < count; n++) timings.push(await timedPost(target, community, service, expected, n));
  return timings;
}

const ms = (values: number[]) => ({ latencies: values, missed: 0, seconds: 1 });

function postMeasurements(label: string, timings: PostTiming[], expected: number): Measurement[] {
  const post = deliveryMeasurement(
    { label: `${label} post`, method: 'POST', path: '/api/community/feed' },
    ms(timings.map((t) => t.postMs)),
  );
  if (expected === 0) return [post];
  const sent = timings.flatMap((t) => (t.allSentMs === null ? [] : [t.allSentMs]));
  const all = deliveryMeasurement(
    { label: `${label} all ${expected} pushes sent`, method: 'POST', path: '(push service)' },
    { latencies: sent, missed: timings.length - sent.length, seconds: 1 },
  );
  return [post, all];
}

/** The soak's mix at one rate, as soak.ts runs a phase, on the soak's members. */
function phaseRunner(target: BenchTarget, world: SoakWorld, holder: SocketHolder) {
  const pms: PmLog = { next: 0, sent: [] };
  return (rate: number, seconds: number) => {
    pms.sent = [];
    return runPhase(target, world, holder, rate, seconds, pms);
  };
}

async function runPush(target: BenchTarget, database: Database): Promise<ScenarioResult> {
  if (!seeded) throw new Error('the push world was not seeded');
  const { soak, community } = seeded;
  const settings = pushSettings();
  const loadAtStart = load();
  const service = await new BenchPushService().start();
  const holder = new SocketHolder();
  try {
    const sockets = await holder.open(
      target.baseUrl,
      soak.tokens,
      soak.tokens.map((_, n) => n),
      SOCKETS_PER_MEMBER,
    );
    log(`${sockets} sockets open for ${SOAK_WORLD.members} members; load average ${loadAtStart.join(' ')}`);
    const phase = phaseRunner(target, soak, holder);
    if (settings.warmupSeconds > 0)
      log(`warm-up ${phaseLine(await phase(settings.rate, settings.warmupSeconds))}`);
    const without = await phase(settings.rate, settings.seconds);
    log(`without subscriptions: ${phaseLine(without)}`);

    const subscribed = await subscribeSessions(database.db, soak.tokens, service.origin, service.keys);
    const sentBefore = service.received;
    const withPush = await phase(settings.rate, settings.seconds);
    const left = await drained(database);
    const soakPushes = service.received - sentBefore;
    log(`with ${subscribed} subscriptions: ${phaseLine(withPush)}; ${soakPushes} pushes sent, ${left} left`);

    const plain = await timedPosts(target, community, service, 0, settings.posts);
    const audience = await subscribeSessions(
      database.db,
      community.memberTokens,
      service.origin,
      service.keys,
    );
    const pushed = await timedPosts(target, community, service, audience, settings.posts);
    log(`post to ${audience} subscribed members: ${JSON.stringify(pushed)}`);
    const loadAtEnd = load();
    const measurements = [
      ...without.calls.map((m) => ({ ...m, label: `no-push ${without.rate}rps ${m.label}` })),
      ...withPush.calls.map((m) => ({ ...m, label: `push ${withPush.rate}rps ${m.label}` })),
      ...postMeasurements(`expert post to ${PUSH_AUDIENCE}, none subscribed:`, plain, 0),
      ...postMeasurements(`expert post to ${PUSH_AUDIENCE}, all subscribed:`, pushed, audience),
    ];
    const [plainPost, pushedPost, allSent] = measurements.slice(-3);
    return {
      measurements,
      ratios: {
        push_soak_answered_ratio_without: without.answeredRatio,
        push_soak_answered_ratio_with: withPush.answeredRatio,
        push_soak_rate_with_over_without: Number((withPush.answeredRatio / without.answeredRatio).toFixed(3)),
        push_soak_p99_ms_without: without.worstP99Ms,
        push_soak_p99_ms_with: withPush.worstP99Ms,
        push_soak_pushes_sent: soakPushes,
        push_post_p50_ms_without: plainPost.p50Ms,
        push_post_p99_ms_without: plainPost.p99Ms,
        push_post_p50_ms_with: pushedPost.p50Ms,
        push_post_p99_ms_with: pushedPost.p99Ms,
        push_post_all_sent_p50_ms: allSent.p50Ms,
        push_post_all_sent_p99_ms: allSent.p99Ms,
      },
      details: {
        settings,
        loadAverage: { start: loadAtStart, end: loadAtEnd },
        subscriptions: { soak: subscribed, audience },
        phases: { without: brief(without), with: brief(withPush) },
        pushesLeftAfterSoak: left,
        posts: { without: plain, with: pushed },
      },
    };
  } finally {
    await holder.close();
    await service.close();
  }
}

/**
 * Web Push under load (issue 26) on PostgreSQL: the soak's mix at one rate without and then with a push
 * subscription for every member (to a push service in the bench process), and an expert's post to a
 * community of 2000 members, none then all subscribed: the post's latency and the time until its last push
 * reached the push service.
 */
export const push: Scenario = {
  name: 'push',
  summary: `the soak mix without and with every member's push subscription; an expert post to ${PUSH_AUDIENCE} subscribed members`,
  freshPostgres: true,
  seed: async (database, members) => {
    const soak = await seedSoakWorld(database, members);
    seeded = { soak, community: await seedPushCommunity(database, members) };
  },
  async run(target) {
    if (!target.databaseUrl) throw new Error('the push scenario runs on PostgreSQL only');
    const database = await openPostgres(target.databaseUrl, 2);
    try {
      return await runPush(target, database);
    } finally {
      await database.close();
    }
  },
};
