import { performance } from 'node:perf_hooks';
import { asc, like, sql } from 'drizzle-orm';
import { WebSocket } from 'ws';
import type { Database } from '../../apps/server/src/db/client';
import { messageGroups, users } from '../../apps/server/src/db/schema';
import { hashToken, newToken } from '../../apps/server/src/platform/auth/tokens';
import { FLOOR, type Measurement, measure, type Target } from '../lib/measure';
import { hotRead } from '../lib/read-bars';
import type { Scenario } from './types';

/** The issue's figures: 2000 sockets listening besides the receiver's, 2000000 messages in the database. */
export const MESSAGES_WORLD = { otherSockets: 2000, messages: 2_000_000, threads: 2000 } as const;
/** Messages timed one after another from send to the receiver's socket, after a few untimed ones. */
const TIMED_SENDS = 300;
const WARMUP_SENDS = 20;
const SESSION_MS = 24 * 60 * 60 * 1000;

/** What the seed leaves for the run: the measured thread and every member's session token. */
interface Seeded {
  groupId: number;
  receiverToken: string;
  otherTokens: string[];
}
let seeded: Seeded | null = null;

/**
 * Member 0 (the signed-in sender) and member 1 (the receiver) are friends with a thread; 2000 threads
 * between member pairs hold 2000000 messages, the measured thread among them. Bulk SQL with
 * generate_series; sessions are written with known tokens so the run can open sockets for everyone.
 */
/** Bench threads' ids are counted in millions above whatever the database holds. */
const THREAD_ID_STEP = 1_000_000;

async function seedMessages(database: Database, { prefix }: { prefix: string }) {
  const db = database.db;
  const perThread = MESSAGES_WORLD.messages / MESSAGES_WORLD.threads;
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(like(users.username, `${prefix}m%`))
    .orderBy(asc(users.id));
  const memberIds = found.map((r) => r.id);
  const [sender, receiver] = memberIds;
  await db.execute(
    sql`INSERT INTO friendships (user_id, friend_id) VALUES (${sender}, ${receiver}), (${receiver}, ${sender})`,
  );
  await db.execute(sql`
    CREATE TEMP TABLE bench_pairs AS
    SELECT t, ${sql.raw(`ARRAY[${memberIds.join(',')}]`)}::int[] AS m FROM generate_series(0, ${MESSAGES_WORLD.threads - 1}) t`);
  // Thread t is between members t mod n and (t + 1 + t / n) mod n: thread 0 is the sender's with the receiver.
  const n = memberIds.length;
  // The threads' ids start at the next free million, so that a database can take several runs.
  const [{ highest }] = await db
    .select({ highest: sql<number>`coalesce(max(${messageGroups.id}), 0)::int` })
    .from(messageGroups);
  const base = (Math.floor(highest / THREAD_ID_STEP) + 1) * THREAD_ID_STEP;
  await db.execute(sql`
    INSERT INTO message_groups (id, is_group, pair_key, created_by, last_message_at)
    SELECT ${base} + t, false, ${`bench:${prefix}:`} || t, m[1 + t % ${n}], now() FROM bench_pairs`);
  await db.execute(sql`
    INSERT INTO message_participants (group_id, user_id, last_read_message_id)
    SELECT ${base} + t, m[1 + t % ${n}], 0 FROM bench_pairs
    UNION ALL SELECT ${base} + t, m[1 + (t + 1 + t / ${n}) % ${n}], 0 FROM bench_pairs`);
  await db.execute(sql`
    INSERT INTO messages (group_id, author_id, message, created_at)
    SELECT ${base} + t, CASE WHEN k % 2 = 0 THEN m[1 + t % ${n}] ELSE m[1 + (t + 1 + t / ${n}) % ${n}] END,
      'Bench message ' || k || ' of thread ' || t, now() - make_interval(secs => ${perThread} - k)
    FROM bench_pairs CROSS JOIN generate_series(1, ${perThread}) k`);
  await db.execute(sql`DROP TABLE bench_pairs`);
  await db.execute(sql`ANALYZE`);
  const tokens = memberIds.map(() => newToken());
  // Hex hashes and integer ids: literal arrays are safe and one statement writes every session.
  const hashes = sql.raw(`ARRAY[${tokens.map((t) => `'${hashToken(t)}'`).join(',')}]::text[]`);
  const owners = sql.raw(`ARRAY[${memberIds.join(',')}]::int[]`);
  await db.execute(sql`
    INSERT INTO sessions (token_hash, user_id, expires_at)
    SELECT s.h, s.u, now() + make_interval(secs => ${SESSION_MS / 1000}) FROM unnest(${hashes}, ${owners}) AS s(h, u)`);
  seeded = { groupId: base, receiverToken: tokens[1], otherTokens: tokens.slice(2) };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A socket of the member the token signs in, open and authenticated. */
async function openSocket(baseUrl: string, token: string): Promise<WebSocket> {
  const res = await fetch(`${baseUrl}/api/wsurl`, { headers: bearer(token) });
  if (!res.ok) throw new Error(`wsurl answered ${res.status}`);
  const { url } = (await res.json()) as { url: string };
  const ws = new WebSocket(url, { headers: { origin: baseUrl } });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return ws;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Number((sorted[index] ?? 0).toFixed(2));
}

/** Sends `count` messages one at a time; each is timed from the send to its PM event on the receiver. */
async function timeDeliveries(target: Target, groupId: number, receiver: WebSocket, count: number) {
  const waiting = new Map<string, () => void>();
  receiver.on('message', (raw) => {
    const event = JSON.parse(String(raw)) as { type?: string; data?: { message?: string } };
    if (event.type === 'PM' && event.data?.message) waiting.get(event.data.message)?.();
  });
  const latencies: number[] = [];
  let failed = 0;
  for (let i = 0; i < count; i++) {
    const text = `delivery ${i} ${Math.random()}`;
    const delivered = new Promise<void>((resolve) => waiting.set(text, resolve));
    const start = performance.now();
    const res = await fetch(`${target.baseUrl}/api/pms/send/${groupId}`, {
      method: 'POST',
      headers: { ...target.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ message: text }),
    });
    if (!res.ok) {
      failed += 1;
      continue;
    }
    await delivered;
    latencies.push(performance.now() - start);
    waiting.delete(text);
  }
  return { latencies, failed };
}

async function measureDelivery(target: Target, world: Seeded): Promise<Measurement> {
  const others: WebSocket[] = [];
  let receiver: WebSocket | null = null;
  try {
    // Members 2.. hold the 2000 other sockets, several each.
    for (let i = 0; i < MESSAGES_WORLD.otherSockets; i++) {
      others.push(await openSocket(target.baseUrl, world.otherTokens[i % world.otherTokens.length]));
    }
    receiver = await openSocket(target.baseUrl, world.receiverToken);
    await timeDeliveries(target, world.groupId, receiver, WARMUP_SENDS);
    const started = performance.now();
    const { latencies, failed } = await timeDeliveries(target, world.groupId, receiver, TIMED_SENDS);
    const seconds = (performance.now() - started) / 1000;
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      label: 'pm_delivery',
      method: 'POST',
      path: '/api/pms/send/{group_id} -> receiver socket',
      requestsPerSec: Math.round(latencies.length / seconds),
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      requests: TIMED_SENDS,
      statuses: { '200': latencies.length, ...(failed > 0 && { error: failed }) },
      errors: 0,
      timeouts: 0,
    };
  } finally {
    for (const ws of [...others, receiver]) ws?.terminate();
  }
}

/** Delivery of one message to its reader among 2000 sockets, and the thread page over 2000000 messages. */
export const messages: Scenario = {
  name: 'messages',
  summary: `PM delivery with ${MESSAGES_WORLD.otherSockets} other sockets open; GET /api/pms/list over ${MESSAGES_WORLD.messages} messages, against the floor`,
  seed: seedMessages,
  async run(target, settings) {
    if (!seeded) throw new Error('the messages world was not seeded');
    const world = seeded;
    const delivery = await measureDelivery(target, world);
    const floor = await measure(target, FLOOR, settings);
    const list = await measure(
      target,
      { label: 'pms_list', method: 'GET', path: `/api/pms/list/${world.groupId}` },
      settings,
    );
    return {
      measurements: [delivery, list, floor],
      ...hotRead('pms_list', list, floor),
    };
  },
};
