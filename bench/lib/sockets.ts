import { sql } from 'drizzle-orm';
import { WebSocket } from 'ws';
import type { Queryable } from '../../apps/server/src/db/client';
import { hashToken, newToken } from '../../apps/server/src/platform/auth/tokens';
import type { Measurement } from './measure';

const SESSION_SECONDS = 24 * 60 * 60;
/** Sockets opened side by side: enough to be quick, few enough not to time out the server's handshakes. */
const OPENING_BATCH = 50;

/**
 * A signed-in session for each member, written straight to the sessions table with a known token: signing
 * thousands of members in through the API would spend minutes in argon2. Returns the Bearer tokens in order.
 */
export async function insertSessions(db: Queryable, userIds: number[]): Promise<string[]> {
  const tokens = userIds.map(() => newToken());
  // Hex hashes and integer ids only: literal arrays are safe, and one statement writes every session.
  const hashes = sql.raw(`ARRAY[${tokens.map((t) => `'${hashToken(t)}'`).join(',')}]::text[]`);
  const owners = sql.raw(`ARRAY[${userIds.join(',')}]::int[]`);
  await db.execute(sql`
    INSERT INTO sessions (token_hash, user_id, expires_at)
    SELECT s.h, s.u, now() + make_interval(secs => ${SESSION_SECONDS}) FROM unnest(${hashes}, ${owners}) AS s(h, u)`);
  return tokens;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** As a browser asks (Chromium's header over plain HTTP): kept answers go gzipped to such a client (0076). */
export const BROWSER_ENCODING = { 'accept-encoding': 'gzip, deflate' };

/**
 * An open, authenticated socket for the member the token signs in (a ticket from GET /api/wsurl). One that
 * `watches` gets the frames of every community channel of the member, as a client showing their screens
 * does; one that does not watches none (`w=`, decision 0084), as a client on the home does.
 */
export async function openSocket(baseUrl: string, token: string, watches = true): Promise<WebSocket> {
  const res = await fetch(`${baseUrl}/api/wsurl`, { headers: bearer(token) });
  if (!res.ok) throw new Error(`GET /api/wsurl answered ${res.status}: ${await res.text()}`);
  const { url } = (await res.json()) as { url: string };
  const ws = new WebSocket(watches ? url : `${url}&w=`);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return ws;
}

/**
 * Whether socket `n` of a run watches its channels, so that `share` of them do, spread evenly (every fifth
 * socket for 0.2).
 */
export const watchesChannels = (n: number, share: number) =>
  Math.floor((n + 1) * share) > Math.floor(n * share);

/**
 * One socket per token, opened a batch at a time; `watchShare` of them watch their channels (openSocket). If
 * one fails, those already open are closed.
 */
export async function openSockets(baseUrl: string, tokens: string[], watchShare = 1): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  try {
    for (let start = 0; start < tokens.length; start += OPENING_BATCH) {
      const batch = tokens.slice(start, start + OPENING_BATCH);
      const opening = batch.map((token, i) =>
        openSocket(baseUrl, token, watchesChannels(start + i, watchShare)),
      );
      sockets.push(...(await Promise.all(opening)));
    }
    return sockets;
  } catch (err) {
    for (const ws of sockets) ws.terminate();
    throw err;
  }
}

/** The p-th percentile (0..100) of ascending `sorted`, by the nearest-rank method, in 0.01 ms. */
export function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Number((sorted[index] ?? 0).toFixed(2));
}

/**
 * Delivery latencies as a measurement beside autocannon's: one "request" per expected delivery, so
 * `requestsPerSec` is deliveries per second and `statuses` counts those that arrived (200) and those that
 * did not in time (missed, which the report warns about).
 */
export function deliveryMeasurement(
  route: Pick<Measurement, 'label' | 'method' | 'path'>,
  run: { latencies: number[]; missed: number; seconds: number },
): Measurement {
  const sorted = [...run.latencies].sort((a, b) => a - b);
  return {
    ...route,
    requestsPerSec: Math.round(sorted.length / run.seconds),
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    requests: sorted.length + run.missed,
    statuses: { '200': sorted.length, ...(run.missed > 0 && { missed: run.missed }) },
    errors: 0,
    timeouts: 0,
  };
}
