import { WS_CLOSE } from '@orbit/contract';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessions } from '../../db/schema';
import { call } from '../../test/call';
import { createTestApp, signUp, type TestUser } from '../../test/harness';
import { listen, TestSocket, wsUrl } from '../../test/realtime';
import { bearer, sessionToken } from '../../test/sign-in';

const ctx = await createTestApp();
const { app } = ctx;
const origin = await listen(app);

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** The member signed in once more, from another browser: that session's user and headers. */
async function anotherDevice(user: TestUser, userAgent = FIREFOX) {
  const res = await call(app, 'login', {
    headers: { 'user-agent': userAgent },
    body: { identity: user.username, password: user.password },
  });
  const token = sessionToken(res);
  return { ...user, token, headers: bearer(token) };
}

const sessionsOf = (user: TestUser) => call(app, 'deviceSessions', { headers: user.headers });

const list = async (user: TestUser) => (await sessionsOf(user)).json().sessions;

const signOut = (user: TestUser, sessionId: number) =>
  call(app, 'revokeDeviceSession', { params: { session_id: sessionId }, headers: user.headers });

const signOutOthers = (user: TestUser) => call(app, 'revokeOtherSessions', { headers: user.headers });

const whoAmI = (user: TestUser) => call(app, 'me', { headers: user.headers });

async function liveSocket(user: TestUser) {
  const socket = await TestSocket.open(await wsUrl(origin, user), origin);
  await socket.live();
  return socket;
}

afterEach(() => vi.useRealTimers());

describe('the devices list', () => {
  it("lists the member's own live sessions, the current one marked, never a token or its hash", async () => {
    const user = await signUp(app);
    const laptop = await anotherDevice(user);
    const stranger = await signUp(app);
    const res = await sessionsOf(laptop);
    expect(res.statusCode).toBe(200);
    const rows = res.json().sessions;
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual([
        'created_at',
        'current',
        'last_seen_at',
        'session_id',
        'user_agent',
      ]);
      expect(Number.isNaN(Date.parse(row.created_at))).toBe(false);
    }
    expect(rows.filter((r) => r.current)).toMatchObject([{ user_agent: FIREFOX }]);
    expect(res.body).not.toContain(laptop.token);
    expect(res.body).not.toContain(user.token);
    const [stored] = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.userId));
    expect(res.body).not.toContain(stored.tokenHash);
    expect((await list(stranger)).map((r) => r.current)).toEqual([true]);
  });

  it('leaves out sessions that were signed out', async () => {
    const user = await signUp(app);
    const other = await anotherDevice(user);
    await call(app, 'logout', { headers: other.headers });
    expect((await list(user)).map((r) => r.current)).toEqual([true]);
  });

  it('writes last_seen_at at most once a minute per session, not on every request', async () => {
    const user = await signUp(app);
    const seen = async () =>
      (await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.userId)))[0].lastSeenAt;
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + 2 * 60_000);
    await whoAmI(user);
    const first = await seen();
    vi.setSystemTime(Date.now() + 30_000);
    await whoAmI(user);
    expect(await seen()).toEqual(first);
    vi.setSystemTime(Date.now() + 31_000);
    await whoAmI(user);
    expect((await seen()).getTime()).toBeGreaterThan(first.getTime());
  });
});

describe('signing out a device', () => {
  it('ends that session and closes its sockets at once; this device stays signed in', async () => {
    const user = await signUp(app);
    const phone = await anotherDevice(user);
    const socket = await liveSocket(phone);
    const phoneId = (await list(phone)).find((r) => r.current)!.session_id;
    const res = await signOut(user, phoneId);
    expect(res.statusCode).toBe(200);
    expect(await socket.closed).toBe(WS_CLOSE.unauthorized);
    expect((await whoAmI(phone)).statusCode).toBe(401);
    expect((await whoAmI(user)).statusCode).toBe(200);
    expect((await list(user)).map((r) => r.session_id)).not.toContain(phoneId);
    expect((await signOut(user, phoneId)).statusCode).toBe(404);
  });

  it("answers 404 for another member's session and leaves it signed in", async () => {
    const [user, stranger] = [await signUp(app), await signUp(app)];
    const socket = await liveSocket(stranger);
    const strangerId = (await list(stranger))[0].session_id;
    const res = await signOut(user, strangerId);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('not_found');
    expect((await whoAmI(stranger)).statusCode).toBe(200);
    await socket.live();
    socket.close();
    expect((await signOut(user, 2147483647)).statusCode).toBe(404);
  });

  it('signs out every other device, closing their sockets, and no one else', async () => {
    const user = await signUp(app);
    const [phone, tablet] = [await anotherDevice(user), await anotherDevice(user, 'Mozilla/5.0 (iPad)')];
    const stranger = await signUp(app);
    const sockets = [await liveSocket(phone), await liveSocket(tablet)];
    const res = await signOutOthers(user);
    expect(res.statusCode).toBe(200);
    expect(await Promise.all(sockets.map((s) => s.closed))).toEqual([
      WS_CLOSE.unauthorized,
      WS_CLOSE.unauthorized,
    ]);
    expect((await whoAmI(phone)).statusCode).toBe(401);
    expect((await whoAmI(tablet)).statusCode).toBe(401);
    expect((await whoAmI(user)).statusCode).toBe(200);
    expect((await whoAmI(stranger)).statusCode).toBe(200);
    expect((await list(user)).map((r) => r.current)).toEqual([true]);
  });

  it('stays consistent when devices are signed out from two places at once', async () => {
    const user = await signUp(app);
    const devices = [await anotherDevice(user), await anotherDevice(user), await anotherDevice(user)];
    const ids = await Promise.all(
      devices.map(async (d) => (await list(d)).find((r) => r.current)!.session_id),
    );
    const answers = await Promise.all([
      signOut(user, ids[0]),
      signOut(devices[1], ids[0]),
      signOutOthers(devices[2]),
      signOut(user, ids[1]),
    ]);
    // A caller signed out meanwhile by "every other device" is a 401; nothing fails or deadlocks.
    for (const r of answers) expect([200, 401, 404]).toContain(r.statusCode);
    expect(answers[2].statusCode).toBe(200);
    const left = await list(devices[2]);
    expect(left.map((r) => r.current)).toEqual([true]);
  });
});
