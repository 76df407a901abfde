import { request } from 'undici';
import type { Measurement } from './measure';
import { clockMs } from './socket-holder';
import { BROWSER_ENCODING, bearer, percentile } from './sockets';

/** One request of an open-loop run, as the mix makes it. */
export interface Call {
  /** The call kind it is counted under (one measurement per kind). */
  kind: string;
  method: 'GET' | 'POST' | 'PUT';
  /** The path with its ids, and the template it is reported under. */
  path: string;
  template: string;
  token: string;
  body?: unknown;
  /** Told the status (0: no answer) and the time the request was due to start, when it settles. */
  settled?: (status: number, dueMs: number) => void;
}

/** The timer's period: each tick starts every request due by then, so a start is at most this late. */
const TICK_MS = 5;
/** A request without an answer by then counts as a timeout (its latency is the timeout). */
const REQUEST_TIMEOUT_MS = 30_000;

interface KindTally {
  method: Call['method'];
  template: string;
  asked: number;
  /** Non-5xx answers that came back within the run's seconds: the rate answered. */
  answeredInTime: number;
  statuses: Record<string, number>;
  latencies: number[];
}

/** One second of the run, by the requests due in it: how many, their p99 and slowest latency. */
export interface RunSecond {
  second: number;
  requests: number;
  p99Ms: number;
  maxMs: number;
}

export interface OpenLoopRun {
  rate: number;
  seconds: number;
  asked: number;
  answeredInTime: number;
  serverErrors: number;
  /** One per call kind: latency from the request's due time to its answer, statuses, rate answered. */
  measurements: Measurement[];
  /** The seconds whose p99 was over `slowMs`: where in the run a stall sat, and how long it lasted. */
  slowSeconds: RunSecond[];
}

/**
 * One call over undici's own request, not fetch: with fetch the load generator took 1.05 ms of CPU a request
 * at 200 req/s, with request 0.5-0.6, CPU taken from the two cores the server and PostgreSQL share with it.
 */
async function send(baseUrl: string, call: Call): Promise<number> {
  const res = await request(`${baseUrl}${call.path}`, {
    method: call.method,
    // The body is read and dropped undecoded: the server's work is what a browser's request asks of it.
    headers: {
      ...bearer(call.token),
      ...BROWSER_ENCODING,
      ...(call.body !== undefined && { 'content-type': 'application/json' }),
    },
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
    headersTimeout: REQUEST_TIMEOUT_MS,
    bodyTimeout: REQUEST_TIMEOUT_MS,
  });
  await res.body.dump({ limit: Number.POSITIVE_INFINITY });
  return res.statusCode;
}

const TIMEOUTS = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

function statusKey(status: number, err: unknown): string {
  if (status > 0) return String(status);
  const code = (err as { code?: string } | null)?.code;
  return code && TIMEOUTS.has(code) ? 'timeout' : 'error';
}

/**
 * Starts `rate` requests a second for `seconds` on a timer, whatever the earlier ones answered (open loop:
 * a stalled server shows as latency and as requests in flight, never as a slower generator). Each request
 * is timed from when it was due, so a late start counts against the server's figures too, not in its favour.
 * Waits for the stragglers (up to the request timeout) before tallying.
 */
export async function runOpenLoop(
  baseUrl: string,
  next: () => Call,
  rate: number,
  seconds: number,
  /** A second whose requests' p99 is over this is listed in `slowSeconds`. */
  slowMs: number,
): Promise<OpenLoopRun> {
  const tallies = new Map<string, KindTally>();
  const bySecond: number[][] = [];
  const inFlight = new Set<Promise<void>>();
  const total = Math.round(rate * seconds);
  const t0 = clockMs();
  const windowEnd = t0 + seconds * 1000;

  const launch = (dueMs: number) => {
    const call = next();
    const tally = tallies.get(call.kind) ?? {
      method: call.method,
      template: call.template,
      asked: 0,
      answeredInTime: 0,
      statuses: {},
      latencies: [],
    };
    tallies.set(call.kind, tally);
    tally.asked += 1;
    const done = send(baseUrl, call)
      .then(
        (status) => ({ status, key: statusKey(status, null) }),
        (err: unknown) => ({ status: 0, key: statusKey(0, err) }),
      )
      .then(({ status, key }) => {
        const now = clockMs();
        tally.latencies.push(now - dueMs);
        const second = Math.floor((dueMs - t0) / 1000);
        bySecond[second] ??= [];
        bySecond[second].push(now - dueMs);
        tally.statuses[key] = (tally.statuses[key] ?? 0) + 1;
        if (status > 0 && status < 500 && now <= windowEnd) tally.answeredInTime += 1;
        call.settled?.(status, dueMs);
      });
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  };

  let started = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((clockMs() - t0) * rate) / 1000) + 1);
      for (; started < due; started++) launch(t0 + (started * 1000) / rate);
      if (started >= total) {
        clearInterval(timer);
        resolve();
      }
    };
    const timer = setInterval(tick, TICK_MS);
    tick();
  });
  await Promise.allSettled([...inFlight]);
  return { ...summarise(rate, seconds, tallies), slowSeconds: slowSecondsOf(bySecond, slowMs) };
}

function slowSecondsOf(bySecond: number[][], slowMs: number): RunSecond[] {
  const slow: RunSecond[] = [];
  bySecond.forEach((latencies, second) => {
    const sorted = [...latencies].sort((a, b) => a - b);
    const p99Ms = percentile(sorted, 99);
    if (p99Ms > slowMs)
      slow.push({ second, requests: sorted.length, p99Ms, maxMs: Math.round(sorted.at(-1) ?? 0) });
  });
  return slow;
}

function summarise(
  rate: number,
  seconds: number,
  tallies: Map<string, KindTally>,
): Omit<OpenLoopRun, 'slowSeconds'> {
  const measurements: Measurement[] = [];
  let asked = 0;
  let answeredInTime = 0;
  let serverErrors = 0;
  for (const [kind, t] of [...tallies].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...t.latencies].sort((a, b) => a - b);
    const fivexx = Object.entries(t.statuses)
      .filter(([code]) => code.startsWith('5'))
      .reduce((sum, [, n]) => sum + n, 0);
    asked += t.asked;
    answeredInTime += t.answeredInTime;
    serverErrors += fivexx;
    measurements.push({
      label: kind,
      method: t.method,
      path: t.template,
      requestsPerSec: Number((t.answeredInTime / seconds).toFixed(2)),
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      requests: t.asked,
      statuses: t.statuses,
      errors: t.statuses.error ?? 0,
      timeouts: t.statuses.timeout ?? 0,
    });
  }
  return { rate, seconds, asked, answeredInTime, serverErrors, measurements };
}
