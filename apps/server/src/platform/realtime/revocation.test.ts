import { WS_CLOSE } from '@orbit/contract';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { sessions } from '../../db/schema';
import { call } from '../../test/call';
import { createTestApp, EVENTUALLY, signUp, type TestUser } from '../../test/harness';
import { messagesClient } from '../../test/messages';
import { listen, TestSocket, wsUrl } from '../../test/realtime';
import { anotherDevice } from '../../test/security';

/** A revoked session loses its sockets at once; one that expires loses them at the next session check. */

// Sessions are checked rarely here, so that only the closure that revocation sends can close a socket.
const ctx = await createTestApp({ socketSessionCheckMs: 600_000 });
const origin = await listen(ctx.app);
const { friendsWithThread, sendOk } = messagesClient(ctx.app);

async function socketOf(user: TestUser, at = origin): Promise<TestSocket> {
  const socket = await TestSocket.open(await wsUrl(at, user), at);
  await socket.live();
  return socket;
}

async function closedWith(socket: TestSocket): Promise<number> {
  await vi.waitFor(() => expect(socket.ws.readyState).toBe(socket.ws.CLOSED), EVENTUALLY);
  return socket.closed;
}

const pmsOf = (socket: TestSocket) => socket.messages.filter((m) => m.type === 'PM');

describe('sign-out', () => {
  it('closes the sockets of that session at once; they hear no more private messages', async () => {
    const { a, b, groupId } = await friendsWithThread();
    const stays = await anotherDevice(ctx.app, b);
    const [leaving, leavingToo, staying] = [await socketOf(b), await socketOf(b), await socketOf(stays)];

    expect((await call(ctx.app, 'logout', { headers: b.headers })).statusCode).toBe(200);
    expect(await closedWith(leaving)).toBe(WS_CLOSE.unauthorized);
    expect(await closedWith(leavingToo)).toBe(WS_CLOSE.unauthorized);

    await sendOk(a, groupId, 'after sign-out');
    await vi.waitFor(() => expect(pmsOf(staying)).toHaveLength(1), EVENTUALLY);
    expect([...pmsOf(leaving), ...pmsOf(leavingToo)]).toEqual([]);
    expect(staying.ws.readyState).toBe(staying.ws.OPEN);
    staying.close();
  });
});

describe('password change', () => {
  it("closes the sockets of the member's other sessions and keeps the current one's", async () => {
    const user = await signUp(ctx.app);
    const other = await anotherDevice(ctx.app, user);
    const [current, elsewhere] = [await socketOf(user), await socketOf(other)];

    const res = await call(ctx.app, 'updateUser', {
      headers: user.headers,
      body: { password_old: user.password, password_new: 'Another-walk-77' },
    });
    expect(res.statusCode).toBe(200);
    expect(await closedWith(elsewhere)).toBe(WS_CLOSE.unauthorized);
    // The current session's socket stays and hears the change's own event.
    await current.received(1);
    expect(current.ws.readyState).toBe(current.ws.OPEN);
    current.close();
  });
});

describe('session expiry', async () => {
  const checked = await createTestApp({ socketSessionCheckMs: 50 }, ctx.database);
  const at = await listen(checked.app);
  const db = ctx.database.db;
  const sessionOf = async (user: TestUser) => {
    const [newest] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, user.userId))
      .orderBy(desc(sessions.id))
      .limit(1);
    return newest.id;
  };

  it('closes the sockets of a session past its lifetime or idle too long, and no other', async () => {
    const user = await signUp(checked.app);
    const expiring = await socketOf(user, at);
    const expiringId = await sessionOf(user);
    const idle = await anotherDevice(checked.app, user);
    const idling = await socketOf(idle, at);
    const idleId = await sessionOf(user);
    const staying = await socketOf(await anotherDevice(checked.app, user), at);

    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, expiringId));
    const idleSince = new Date(Date.now() - checked.deps.config.sessionIdleMs - 1000);
    await db.update(sessions).set({ lastSeenAt: idleSince }).where(eq(sessions.id, idleId));

    expect(await closedWith(expiring)).toBe(WS_CLOSE.unauthorized);
    expect(await closedWith(idling)).toBe(WS_CLOSE.unauthorized);
    await staying.live();
    expect(staying.ws.readyState).toBe(staying.ws.OPEN);
    staying.close();
  });
});
