import { setTimeout as sleep } from 'node:timers/promises';
import type { Measurement } from '../lib/measure';
import { type RunSecond, runOpenLoop } from '../lib/open-loop';
import { type PgActivity, samplePgActivity } from '../lib/pg-activity';
import { keptRssKb } from '../lib/server-probe';
import type { SocketHolder } from '../lib/socket-holder';
import { deliveryMeasurement } from '../lib/sockets';
import { type PmLog, soakMix } from './soak-mix';
import type { SoakWorld } from './soak-world';
import type { BenchTarget } from './types';

/** Every member holds this many sockets; each of a PM's arrivals is counted on both of the recipient's. */
export const SOCKETS_PER_MEMBER = 2;
/** The thresholds a rate is held under (Mattermost's): failed share and every call's p99. */
export const HOLD = { failedPercent: 0.025, p99Ms: 300 } as const;
/** How long the PMs of a phase may still arrive after its last request has settled. */
const DELIVERY_GRACE_MS = 15_000;
const RSS_SAMPLE_MS = 5_000;
/**
 * Before a phase: the floor must answer this fast this many times in a row, and the server have spent under
 * `cpuShare` of a core over the last `cpuWindowMs` (the last phase's backlog gone). The floor alone is not
 * enough: it is answered quickly while the server still works off the requests of a phase it could not hold.
 */
const IDLE = {
  answerMs: 100,
  inARow: 3,
  pollMs: 500,
  maxMs: 120_000,
  cpuShare: 0.1,
  cpuWindowMs: 1_000,
} as const;

/** One phase's figures: a fixed rate for some seconds. */
export interface PhaseResult {
  rate: number;
  seconds: number;
  /** How long the server took to work off the earlier phase's backlog before this one started. */
  settleSeconds: number;
  asked: number;
  answeredRatio: number;
  serverErrorPercent: number;
  /** 5xx, connection errors and timeouts, over the requests asked. */
  failedPercent: number;
  worstP99Ms: number;
  worstCall: string;
  pmSent: number;
  pmLost: number;
  deadlocks: number;
  rssStartKb: number | null;
  rssEndKb: number | null;
  rssMaxKb: number | null;
  /**
   * RSS after full collections before the phase's first request and after its last answer and frames: what
   * the server keeps (null where it runs without the inspector). The growth bar reads these.
   */
  rssKeptStartKb: number | null;
  rssKeptEndKb: number | null;
  serverCpuPercent: number | null;
  /** The server's CPU milliseconds over the phase per request asked (the sockets' fixed cost included). */
  serverCpuMsPerRequest: number | null;
  holds: boolean;
  /** The seconds whose requests' p99 was over the hold's: when a stall came and how long it lasted. */
  slowSeconds: RunSecond[];
  pgActivity: PgActivity | null;
  calls: Measurement[];
  pmDelivery: Measurement;
}

const round = (n: number, digits = 3) => Number(n.toFixed(digits));

/** Waits until every accepted PM reached both of its recipient's sockets, or the grace is over. */
async function collectDeliveries(holder: SocketHolder, pms: PmLog) {
  const accepted = new Map(pms.sent.filter((pm) => pm.accepted).map((pm) => [pm.seq, pm]));
  const received = new Map<number, number[]>();
  let arrived = 0;
  const deadline = Date.now() + DELIVERY_GRACE_MS;
  const expected = accepted.size * SOCKETS_PER_MEMBER;
  do {
    for (const arrival of (await holder.collect()).arrivals) {
      const pm = accepted.get(arrival.seq);
      // An earlier phase's straggler, or a message the server refused yet delivered, is not this phase's.
      if (!pm) continue;
      const times = received.get(pm.seq) ?? [];
      times.push(arrival.atMs - pm.dueMs);
      received.set(pm.seq, times);
      arrived += 1;
    }
    if (arrived >= expected) break;
    await sleep(500);
  } while (Date.now() < deadline);
  const latencies = [...received.values()].flatMap((times) => times.slice(0, SOCKETS_PER_MEMBER));
  return { latencies, sent: accepted.size, lost: expected - latencies.length };
}

/**
 * Waits until the server answers the floor quickly again and its CPU has fallen back: requests the client
 * gave up on are still worked off by the server, and a phase started on that backlog would measure the
 * previous one.
 */
async function waitUntilIdle(target: BenchTarget): Promise<number> {
  const started = Date.now();
  const cpu = cpuShareOf(target);
  let fast = 0;
  while (Date.now() - started < IDLE.maxMs) {
    const asked = Date.now();
    const ok = await fetch(`${target.baseUrl}/api/me`, {
      headers: target.headers,
      signal: AbortSignal.timeout(IDLE.maxMs),
    }).then(
      (res) => res.arrayBuffer().then(() => res.ok),
      () => false,
    );
    fast = ok && Date.now() - asked < IDLE.answerMs ? fast + 1 : 0;
    const share = cpu.lastWindow();
    if (fast >= IDLE.inARow && (share === null || share < IDLE.cpuShare)) break;
    await sleep(IDLE.pollMs);
  }
  return round((Date.now() - started) / 1000, 1);
}

/**
 * The server's CPU as a share of a core over the last IDLE.cpuWindowMs of the readings taken so far (one
 * each call): infinite until a reading that old exists; null where /proc is missing.
 */
function cpuShareOf(target: BenchTarget) {
  const readings: { at: number; seconds: number }[] = [];
  return {
    lastWindow(): number | null {
      const seconds = target.server.cpuSeconds();
      if (seconds === null) return null;
      const at = Date.now();
      readings.push({ at, seconds });
      while (readings.length > 1 && at - (readings[1] as { at: number }).at >= IDLE.cpuWindowMs)
        readings.shift();
      const first = readings[0] as { at: number; seconds: number };
      if (at - first.at < IDLE.cpuWindowMs) return Number.POSITIVE_INFINITY;
      return (seconds - first.seconds) / ((at - first.at) / 1000);
    },
  };
}

/** The server's RSS every few seconds while the phase runs. */
function watchMemory(target: BenchTarget) {
  const samples: number[] = [];
  const take = () => {
    const kb = target.server.rssKb();
    if (kb !== null) samples.push(kb);
  };
  take();
  const timer = setInterval(take, RSS_SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      take();
      return {
        rssStartKb: samples[0] ?? null,
        rssEndKb: samples.at(-1) ?? null,
        rssMaxKb: samples.length > 0 ? Math.max(...samples) : null,
      };
    },
  };
}

/**
 * Runs the mix open-loop at `rate` for `seconds` against the server, the sockets held by `holder`, and
 * gathers everything the soak reports of it; `pms.next` numbers the messages on from earlier phases.
 */
export async function runPhase(
  target: BenchTarget,
  world: SoakWorld,
  holder: SocketHolder,
  rate: number,
  seconds: number,
  pms: PmLog,
  /**
   * Read the kept RSS before and after (a measured phase, whose growth has a bar). Not for a warm-up or a
   * step: the full collection before a phase leaves V8 a small heap that it collects more often as it grows
   * again, and a 30-second step would carry that cost.
   */
  readKeptRss = false,
): Promise<PhaseResult> {
  const settleSeconds = await waitUntilIdle(target);
  const keptRss = async () => (readKeptRss ? keptRssKb(target.server) : null);
  const rssKeptStartKb = await keptRss();
  const deadlocksBefore = target.server.logLines('deadlock detected');
  const cpuBefore = target.server.cpuSeconds();
  const memory = watchMemory(target);
  const activity = target.databaseUrl ? samplePgActivity(target.databaseUrl) : null;
  const started = Date.now();
  const run = await runOpenLoop(target.baseUrl, soakMix(world, pms), rate, seconds, HOLD.p99Ms);
  const cpuAfter = target.server.cpuSeconds();
  const elapsedSec = (Date.now() - started) / 1000;
  const pgActivity = (await activity?.stop()) ?? null;
  const rss = memory.stop();
  const deliveries = await collectDeliveries(holder, pms);
  const rssKeptEndKb = await keptRss();
  const failed = run.measurements.reduce(
    (sum, m) =>
      sum +
      m.errors +
      m.timeouts +
      Object.entries(m.statuses).reduce((n, [code, count]) => n + (code.startsWith('5') ? count : 0), 0),
    0,
  );
  const worst = run.measurements.reduce((a, b) => (b.p99Ms > a.p99Ms ? b : a), { p99Ms: 0, label: 'none' });
  const failedPercent = round((failed / Math.max(1, run.asked)) * 100, 4);
  return {
    rate,
    seconds,
    settleSeconds,
    asked: run.asked,
    answeredRatio: round(run.answeredInTime / Math.max(1, run.asked)),
    serverErrorPercent: round((run.serverErrors / Math.max(1, run.asked)) * 100, 4),
    failedPercent,
    worstP99Ms: worst.p99Ms,
    worstCall: worst.label,
    pmSent: deliveries.sent,
    pmLost: deliveries.lost,
    deadlocks: target.server.logLines('deadlock detected') - deadlocksBefore,
    ...rss,
    rssKeptStartKb,
    rssKeptEndKb,
    serverCpuPercent:
      cpuBefore === null || cpuAfter === null ? null : round(((cpuAfter - cpuBefore) / elapsedSec) * 100, 1),
    serverCpuMsPerRequest:
      cpuBefore === null || cpuAfter === null
        ? null
        : round(((cpuAfter - cpuBefore) * 1000) / Math.max(1, run.asked), 2),
    holds: failedPercent < HOLD.failedPercent && worst.p99Ms <= HOLD.p99Ms,
    slowSeconds: run.slowSeconds,
    pgActivity,
    calls: run.measurements,
    pmDelivery: deliveryMeasurement(
      { label: 'pm_delivery', method: 'POST', path: '/api/pms/send/{group_id} -> both recipient sockets' },
      { latencies: deliveries.latencies, missed: deliveries.lost, seconds },
    ),
  };
}

/** A phase without its per-call figures and database waits, for a list of phases. */
export function brief({ calls, pmDelivery, pgActivity, ...rest }: PhaseResult) {
  return { ...rest, pmDeliveryP99Ms: pmDelivery.p99Ms, pgWaits: pgActivity?.waits ?? null };
}

/** Where the slow seconds sat: "none", or how many, the first and last, and the slowest request. */
function slowLine(slow: RunSecond[]): string {
  if (slow.length === 0) return 'no slow second';
  const worst = Math.max(...slow.map((s) => s.maxMs));
  return `${slow.length} slow seconds (${slow[0].second} to ${slow.at(-1)?.second}, slowest ${worst} ms)`;
}

/** One line per phase for the console: enough to follow a long soak as it goes. */
export function phaseLine(p: PhaseResult): string {
  const mb = (kb: number | null) => (kb === null ? '?' : (kb / 1024).toFixed(0));
  const waits = Object.entries(p.pgActivity?.waits ?? {})
    .slice(0, 3)
    .map(([w, n]) => `${w} ${n}`)
    .join(', ');
  return (
    `${p.rate} req/s for ${p.seconds} s (after ${p.settleSeconds} s settling): answered ${p.answeredRatio}, 5xx ${p.serverErrorPercent} %, ` +
    `worst p99 ${p.worstP99Ms} ms (${p.worstCall}), ${slowLine(p.slowSeconds)}, PM p99 ${p.pmDelivery.p99Ms} ms, ${p.pmLost} of ` +
    `${p.pmSent * SOCKETS_PER_MEMBER} PM frames lost, ${p.deadlocks} deadlocks, RSS ${mb(p.rssStartKb)} -> ` +
    `${mb(p.rssEndKb)} MB${p.rssKeptStartKb === null ? '' : ` (kept ${mb(p.rssKeptStartKb)} -> ${mb(p.rssKeptEndKb)})`}, server CPU ${p.serverCpuPercent ?? '?'} % (${p.serverCpuMsPerRequest ?? '?'} ms a request), pg active ${p.pgActivity?.meanActive ?? '?'}` +
    ` (${waits})${p.holds ? '' : ': NOT HELD'}`
  );
}
