import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { sessions } from '../../db/schema';
import { call } from '../../test/call';
import { createTestApp, DB_TARGET, EVENTUALLY, signUp, type TestUser } from '../../test/harness';
import { SessionCache } from './session-cache';
import { SessionStore } from './sessions';

/** A request's session from the cache, and every way a session ends reaching it (decision 0064). */

const ctx = await createTestApp();
const cache = ctx.deps.sessions.cache;
// PostgreSQL: served once the instance listens for the sessions other processes end.
await vi.waitFor(() => expect(cache.serving).toBe(true), EVENTUALLY);

const home = (user: TestUser) => call(ctx.app, 'profiles', { headers: user.headers });

async function sessionIdOf(user: TestUser): Promise<number> {
  const [row] = await ctx.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, user.userId))
    .orderBy(desc(sessions.id))
    .limit(1);
  return row.id;
}

/** A member whose session the cache holds now. */
async function cachedMember(): Promise<TestUser> {
  const user = await signUp(ctx.app);
  expect((await home(user)).statusCode).toBe(200);
  return user;
}

describe('the session cache', () => {
  it("reads a member's session from the database once, then serves it", async () => {
    const user = await signUp(ctx.app);
    const before = { ...cache.counts };
    for (let i = 0; i < 3; i++) expect((await home(user)).statusCode).toBe(200);
    expect(cache.counts.misses - before.misses).toBe(1);
    expect(cache.counts.hits - before.hits).toBe(2);
  });

  it('refuses a signed-out session at its next request', async () => {
    const user = await cachedMember();
    expect((await call(ctx.app, 'logout', { headers: user.headers })).statusCode).toBe(200);
    expect((await home(user)).statusCode).toBe(401);
  });
});

if (DB_TARGET !== 'postgres') {
  console.warn(
    '[orbit] PGlite has one process: the session cache beside other processes is tested on PostgreSQL.',
  );
}

describe.runIf(DB_TARGET === 'postgres')('the session cache beside other processes (PostgreSQL)', () => {
  it('refuses a session another process ended as soon as PostgreSQL tells this one', async () => {
    const user = await cachedMember();
    // Another process's store: its own cache, the same database (an instance, or `orbit user:disable`).
    const other = new SessionStore(ctx.deps.config, false);
    const ended = await other.revokeAll(ctx.database.db, user.userId);
    expect(ended).toEqual([await sessionIdOf(user)]);
    // PostgreSQL tells this instance on commit; the cache would otherwise serve for up to a minute.
    await vi.waitFor(async () => expect((await home(user)).statusCode).toBe(401), { timeout: 5_000 });
  });
  it('starts empty each time the listening connection comes back, so no notice lost meanwhile matters', async () => {
    const user = await cachedMember();
    const trust = vi.spyOn(cache, 'trust');
    await ctx.database.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE application_name = 'orbit-listen' AND datname = current_database()`,
    );
    await vi.waitFor(() => expect(trust.mock.calls.map(([t]) => t)).toEqual([false, true]), EVENTUALLY);
    trust.mockRestore();
    const before = { ...cache.counts };
    expect((await home(user)).statusCode).toBe(200);
    expect(cache.counts.misses - before.misses).toBe(1);
  });
});

describe('SessionCache', () => {
  const entry = { userId: 1, sessionId: 7, expiresAt: 10_000, lastSeenAt: 0, readAt: 0 };

  it('keeps no read that began before an eviction', () => {
    const local = new SessionCache(10, 60_000, true);
    const mark = local.mark();
    local.evict([7]);
    local.put('h', entry, mark);
    expect(local.get('h', 1)).toBeUndefined();
    local.put('h', entry, local.mark());
    expect(local.get('h', 1)).toEqual(entry);
  });

  it('serves nothing while not trusted, and an entry only while fresh', () => {
    const local = new SessionCache(10, 60_000, true);
    local.put('h', entry, local.mark());
    expect(local.get('h', 60_000)).toBeUndefined();
    local.trust(false);
    local.put('h', entry, local.mark());
    expect(local.get('h', 1)).toBeUndefined();
    expect(new SessionCache(0, 60_000, true).serving).toBe(false);
  });

  it('lets the oldest entry go past its size', () => {
    const local = new SessionCache(2, 60_000, true);
    for (const [hash, sessionId] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const) {
      local.put(hash, { ...entry, sessionId }, local.mark());
    }
    expect(local.get('a', 1)).toBeUndefined();
    expect(local.get('c', 1)?.sessionId).toBe(3);
    local.evict([3]);
    expect(local.get('c', 1)).toBeUndefined();
  });
});
