import { EventSubtype, EventType, type ProfilesChanged, WS_CLOSE, WS_TICKET_TTL_MS } from '@orbit/contract';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { events } from '../../db/schema';
import { call } from '../../test/call';
import { createTestApp, EVENTUALLY, signUp, type TestContext, type TestUser } from '../../test/harness';
import {
  attempt,
  emit,
  listen,
  personalBatch,
  stillUnpublished,
  TestSocket,
  withSince,
  wsUrl,
} from '../../test/realtime';
import { inTransaction } from '../tx';

let ctx: TestContext;
let origin: string;

beforeAll(async () => {
  ctx = await createTestApp({ outboxSweepMs: 100 });
  origin = await listen(ctx.app);
});

afterEach(() => {
  vi.useRealTimers();
});

/** A member with an open, caught-up socket. */
async function memberOnline(): Promise<{ user: TestUser; socket: TestSocket }> {
  const user = await signUp(ctx.app);
  const socket = await TestSocket.open(await wsUrl(origin, user), origin);
  await socket.live();
  return { user, socket };
}

describe('GET /api/wsurl', () => {
  it('needs a session', async () => {
    const res = await call(ctx.app, 'socketUrl');
    expect(res.statusCode).toBe(401);
  });

  it('answers a socket URL on the request host with a ticket', async () => {
    const user = await signUp(ctx.app);
    const res = await call(ctx.app, 'socketUrl', { headers: { ...user.headers, host: 'orbit.test:8080' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^ws:\/\/orbit\.test:8080\/api\/ws\?token=[\w-]{40,}$/);
  });

  it('uses PUBLIC_URL, with wss behind https', async () => {
    const behindProxy = await createTestApp({ publicUrl: 'https://orbit.example' }, ctx.database);
    const user = await signUp(behindProxy.app);
    const res = await call(behindProxy.app, 'socketUrl', { headers: user.headers });
    expect(res.json().url).toMatch(/^wss:\/\/orbit\.example\/api\/ws\?token=/);
    // Closed at once: its outbox sweeper, on the same database, would otherwise race this file's own for the
    // stranded events of the tests below and publish them where no socket of theirs listens.
    await behindProxy.close();
  });

  it('is rate limited per member', async () => {
    const strict = await createTestApp({ rateLimitFactor: 1 }, ctx.database);
    const user = await signUp(strict.app);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      const res = await call(strict.app, 'socketUrl', { headers: user.headers });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    await strict.close();
  });
});

describe('the socket ticket', () => {
  it('opens one socket only', async () => {
    const user = await signUp(ctx.app);
    const url = await wsUrl(origin, user);
    const first = await TestSocket.open(url, origin);
    await first.live();
    expect(await attempt(url, origin)).toBe(401);
    first.close();
  });

  it('expires after its minute', async () => {
    const user = await signUp(ctx.app);
    const issuedAt = Date.now();
    const early = await wsUrl(origin, user);
    const late = await wsUrl(origin, user);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(issuedAt + WS_TICKET_TTL_MS - 1_000);
    const socket = await TestSocket.open(early, origin);
    socket.close();
    vi.setSystemTime(issuedAt + WS_TICKET_TTL_MS + 1_000);
    expect(await attempt(late, origin)).toBe(401);
  });

  it('is refused when missing or unknown', async () => {
    expect(await attempt(`${origin.replace('http', 'ws')}/api/ws`, origin)).toBe(401);
    expect(await attempt(`${origin.replace('http', 'ws')}/api/ws?token=forged`, origin)).toBe(401);
  });

  it('dies with its session', async () => {
    const user = await signUp(ctx.app);
    const url = await wsUrl(origin, user);
    const out = await call(ctx.app, 'logout', { headers: user.headers });
    expect(out.statusCode).toBe(200);
    expect(await attempt(url, origin)).toBe(401);
  });

  it('refuses a foreign Origin before spending the ticket', async () => {
    const user = await signUp(ctx.app);
    const url = await wsUrl(origin, user);
    expect(await attempt(url, 'https://evil.example')).toBe(403);
    const socket = await TestSocket.open(url, origin);
    socket.close();
  });

  it('lets a client without Origin (not a browser) in', async () => {
    const user = await signUp(ctx.app);
    const socket = await TestSocket.open(await wsUrl(origin, user), null);
    await socket.live();
    socket.close();
  });
});

describe('delivery', () => {
  it('sends the envelope live, with the recipient own sequence as id', async () => {
    const { user, socket } = await memberOnline();
    const other = await memberOnline();
    await emit(ctx.deps, [user.userId, other.user.userId], { user_id: 42 });
    const [message] = await socket.received(1);
    expect(message).toEqual({
      id: 1,
      type: 'FRIEND_REQUEST',
      subtype: 'REJECT',
      ts: expect.any(String),
      data: { user_id: 42 },
    });
    expect((await other.socket.received(1))[0].id).toBe(1);
    socket.close();
    other.socket.close();
  });

  it('writes to every socket of the member', async () => {
    const { user, socket } = await memberOnline();
    const second = await TestSocket.open(await wsUrl(origin, user), origin);
    await second.live();
    await emit(ctx.deps, [user.userId], { user_id: 1 });
    expect((await socket.received(1))[0].data).toEqual({ user_id: 1 });
    expect((await second.received(1))[0].data).toEqual({ user_id: 1 });
    socket.close();
    second.close();
  });

  it('answers ping with pong', async () => {
    const { socket } = await memberOnline();
    await socket.live();
    expect(socket.messages).toEqual([]);
    socket.close();
  });
});

describe('resume', () => {
  it('replays exactly what the member missed, in order, then goes live', async () => {
    const { user, socket } = await memberOnline();
    await emit(ctx.deps, [user.userId], { user_id: 1 });
    await socket.received(1);
    socket.close();
    await socket.closed;

    for (const n of [2, 3, 4]) await emit(ctx.deps, [user.userId], { user_id: n });

    const back = await TestSocket.open(withSince(await wsUrl(origin, user), 1), origin);
    await back.live();
    expect(back.ids()).toEqual([2, 3, 4]);
    expect(back.messages.map((m) => m.data)).toEqual([{ user_id: 2 }, { user_id: 3 }, { user_id: 4 }]);
    await emit(ctx.deps, [user.userId], { user_id: 5 });
    await back.received(4);
    expect(back.ids()).toEqual([2, 3, 4, 5]);
    back.close();
  });

  it('without since sends only what comes next', async () => {
    const user = await signUp(ctx.app);
    await emit(ctx.deps, [user.userId], { user_id: 1 });
    const socket = await TestSocket.open(await wsUrl(origin, user), origin);
    await socket.live();
    await emit(ctx.deps, [user.userId], { user_id: 2 });
    await socket.received(1);
    expect(socket.ids()).toEqual([2]);
    socket.close();
  });

  it('sends RESYNC when part of the gap is past the retention, then goes live', async () => {
    const user = await signUp(ctx.app);
    for (const n of [1, 2, 3]) await emit(ctx.deps, [user.userId], { user_id: n });
    await ctx.deps.db
      .update(events)
      .set({ createdAt: sql`now() - interval '49 hours'` })
      .where(sql`${events.recipientId} = ${user.userId} AND ${events.seq} <= 2`);

    const socket = await TestSocket.open(withSince(await wsUrl(origin, user), 0), origin);
    await socket.live();
    expect(socket.messages).toEqual([{ type: 'RESYNC' }]);
    await emit(ctx.deps, [user.userId], { user_id: 4 });
    await socket.received(2);
    expect(socket.messages[1].id).toBe(4);
    socket.close();

    const withinRetention = await TestSocket.open(withSince(await wsUrl(origin, user), 2), origin);
    await withinRetention.live();
    expect(withinRetention.ids()).toEqual([3, 4]);
    withinRetention.close();
  });

  it('sends RESYNC for a since the member never reached', async () => {
    const user = await signUp(ctx.app);
    await emit(ctx.deps, [user.userId], { user_id: 1 });
    const socket = await TestSocket.open(withSince(await wsUrl(origin, user), 99), origin);
    await socket.live();
    expect(socket.messages).toEqual([{ type: 'RESYNC' }]);
    await emit(ctx.deps, [user.userId], { user_id: 2 });
    await socket.received(2);
    expect(socket.messages[1].id).toBe(2);
    socket.close();
  });
});

describe('USER_PROFILES refreshes (issue 17)', () => {
  const refresh = (userId: number, data: ProfilesChanged) =>
    inTransaction({ db: ctx.deps.db, publisher: ctx.deps.realtime }, (work) =>
      work.emit([userId], EventType.USER_PROFILES, null, data),
    );

  it('reach a socket at most once a second: a burst is the first, then one carrying the rest', async () => {
    const { user, socket } = await memberOnline();
    await refresh(user.userId, { user_id: 1 });
    await refresh(user.userId, { community_id: 2 });
    await refresh(user.userId, { organization_id: 3 });
    const [first, merged] = await socket.received(2);
    expect(first).toMatchObject({ id: 1, data: { user_id: 1 } });
    expect(merged).toMatchObject({ id: 3, data: { community_id: 2, organization_id: 3 } });
    await socket.live();
    expect(socket.messages).toHaveLength(2);
    socket.close();
  });

  it('go out before a later event, in stream order', async () => {
    const { user, socket } = await memberOnline();
    await refresh(user.userId, { user_id: 1 });
    await refresh(user.userId, { community_id: 2 });
    await emit(ctx.deps, [user.userId], { user_id: 3 });
    await socket.received(3);
    expect(socket.ids()).toEqual([1, 2, 3]);
    socket.close();
  });
});

describe('nothing lost', () => {
  it('the sweeper delivers an event whose publish was lost after commit', async () => {
    const { user, socket } = await memberOnline();
    const [row] = await emit(ctx.deps, [user.userId], { user_id: 7 }, { lost: true });
    const [message] = await socket.received(1);
    expect(message).toMatchObject({ id: 1, data: { user_id: 7 } });
    await vi.waitFor(
      async () => expect(await stillUnpublished(ctx.deps.db, [row.eventId])).toEqual([]),
      EVENTUALLY,
    );
    socket.close();
  });

  it('fills a gap from the table and never writes a sequence twice', async () => {
    const { user, socket } = await memberOnline();
    const first = await emit(ctx.deps, [user.userId], { user_id: 1 }, { lost: true });
    const second = await emit(ctx.deps, [user.userId], { user_id: 2 }, { lost: true });
    // The second arrives first (another instance was faster), then both again (the sweeper's copy).
    ctx.deps.realtime.publishCommitted(personalBatch(second));
    await socket.received(2);
    ctx.deps.realtime.publishCommitted(personalBatch([...first, ...second]));
    await emit(ctx.deps, [user.userId], { user_id: 3 });
    await socket.received(3);
    await socket.live();
    expect(socket.ids()).toEqual([1, 2, 3]);
    socket.close();
  });

  it('closes a socket that stops reading instead of buffering without end', async () => {
    const tight = await createTestApp({ wsMaxBufferedBytes: 1024 }, ctx.database);
    const tightOrigin = await listen(tight.app);
    const user = await signUp(tight.app);
    const socket = await TestSocket.open(await wsUrl(tightOrigin, user), tightOrigin);
    await socket.live();
    socket.stall();
    const big = 'x'.repeat(256 * 1024);
    const sent = 40;
    // An announcement carries any text: a big one fills the socket's buffer in a few events.
    const announce = (n: number) =>
      inTransaction({ db: tight.deps.db, publisher: tight.deps.realtime }, (work) =>
        work.emit([user.userId], EventType.MAINTENANCE_NOTIFICATION, EventSubtype.NEW, {
          title: `${n}`,
          body: big,
        }),
      );
    for (let n = 1; n <= sent; n += 1) await announce(n);
    await vi.waitFor(
      async () => {
        const written = await tight.deps.db
          .select({ id: events.id })
          .from(events)
          .where(eq(events.recipientId, user.userId));
        expect(
          await stillUnpublished(
            tight.deps.db,
            written.map((row) => row.id),
          ),
        ).toEqual([]);
      },
      { timeout: 10_000 },
    );
    socket.unstall();
    expect(await socket.closed).toBe(WS_CLOSE.tooSlow);
    expect(socket.messages.length).toBeLessThan(sent);
  });
});
