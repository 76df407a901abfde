import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { call } from '../../test/call';
import { createTestApp, GOOD_PASSWORD, signUp, uniqueName } from '../../test/harness';

// Each request names the client address it comes from, which the typed call() does not take: app.inject.
describe('rate limits at factor 1', async () => {
  const { app } = await createTestApp({ rateLimitFactor: 1 });

  it('stops repeated sign-in attempts on one account with 429, whatever the address', async () => {
    const user = await signUp(app);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: `10.0.0.${i + 1}`,
        payload: { identity: user.username, password: 'Wrong-pass-1' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('stops a burst of registrations from one address with 429 rate_limited', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const username = uniqueName();
      const res = await app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: '10.9.9.9',
        payload: { email: `${username}@x.test`, username, password: 'a' },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().error).toBe('rate_limited');
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
  });
});

describe('session lifetimes', async () => {
  const ctx = await createTestApp();
  const { app } = ctx;
  const db = ctx.database.db;
  const me = (headers: Record<string, string>) => call(app, 'me', { headers });

  it('ends a session idle for longer than the inactivity timeout', async () => {
    const user = await signUp(app);
    expect((await me(user.headers)).statusCode).toBe(200);
    const idleSince = new Date(Date.now() - ctx.deps.config.sessionIdleMs - 1000);
    const [row] = await db
      .update(sessions)
      .set({ lastSeenAt: idleSince })
      .where(eq(sessions.userId, user.userId))
      .returning({ id: sessions.id });
    // Days passed behind the app's back: its cached entry, a minute old at most in life, is gone by then.
    ctx.deps.sessions.cache.evict([row.id]);
    expect((await me(user.headers)).statusCode).toBe(401);
  });

  it('ends a session past its absolute lifetime even when active', async () => {
    const user = await signUp(app);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.userId));
    expect((await me(user.headers)).statusCode).toBe(401);
  });

  it('keeps an active session alive and records the activity', async () => {
    const user = await signUp(app);
    const old = new Date(Date.now() - 10 * 60_000);
    await db.update(sessions).set({ lastSeenAt: old }).where(eq(sessions.userId, user.userId));
    expect((await me(user.headers)).statusCode).toBe(200);
    const [row] = await db.select().from(sessions).where(eq(sessions.userId, user.userId));
    expect(row.lastSeenAt.getTime()).toBeGreaterThan(old.getTime());
  });

  it('hashes with argon2id at the OWASP parameters', async () => {
    const user = await signUp(app, { password: GOOD_PASSWORD });
    const [row] = await db.select().from(users).where(eq(users.id, user.userId));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
