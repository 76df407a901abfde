import { MEMBER_PAGE_SIZE, type SearchUsersResponse } from '@orbit/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { call } from '../../test/call';
import { createTestApp, signUp, type TestUser, uniqueName } from '../../test/harness';

const ctx = await createTestApp();
const { app } = ctx;

const search = (user: TestUser, q: string, page_key?: string) =>
  call(app, 'searchUsers', { headers: user.headers, query: { q, page_key } });
const lookup = (user: TestUser, q: string) =>
  call(app, 'privateUser', { headers: user.headers, query: { q } });
const names = (body: SearchUsersResponse) => body.results.map((r) => r.screen_name);
/** Members with names that only this test uses, straight into the table (no sign-in needed to be found). */
async function addMembers(names: string[], fields: Partial<typeof users.$inferInsert> = {}) {
  return ctx.deps.db
    .insert(users)
    .values(
      names.map((username) => ({
        username,
        email: `${username}@example.test`,
        passwordHash: 'x',
        ...fields,
      })),
    )
    .returning();
}

describe('GET /search/users', () => {
  it('finds any case and ranks exact, then prefix, then substring, then similar names', async () => {
    const me = await signUp(app);
    const stem = uniqueName('zq').toLowerCase();
    await addMembers([`x${stem}y`, `${stem}tail`, stem.toUpperCase(), `${stem.slice(0, -1)}Q`]);
    const res = await search(me, `  ${stem.toUpperCase()} `);
    expect(res.statusCode).toBe(200);
    expect(names(res.json())).toEqual([
      stem.toUpperCase(),
      `${stem}tail`,
      `x${stem}y`,
      `${stem.slice(0, -1)}Q`,
    ]);
  });

  it('pages with opaque keys and refuses an invalid page_key', async () => {
    const me = await signUp(app);
    const stem = uniqueName('pg').toLowerCase();
    const count = MEMBER_PAGE_SIZE + 3;
    await addMembers(Array.from({ length: count }, (_, i) => `${stem}${String(i).padStart(2, '0')}`));
    const first = (await search(me, stem)).json();
    expect(first.results).toHaveLength(MEMBER_PAGE_SIZE);
    expect(first.newer_key).toBeNull();
    const second = (await search(me, stem, first.older_key ?? undefined)).json();
    expect(second.results).toHaveLength(3);
    expect(second.older_key).toBeNull();
    expect(new Set([...names(first), ...names(second)]).size).toBe(count);
    expect((await search(me, stem, second.newer_key ?? undefined)).json().results).toEqual(first.results);
    for (const key of ['garbage', Buffer.from('{"o":-5}').toString('base64url')]) {
      const bad = await search(me, stem, key);
      expect([bad.statusCode, bad.json().error]).toEqual([400, 'invalid_page_key']);
    }
  });

  it('treats LIKE wildcards as text', async () => {
    const me = await signUp(app);
    expect((await search(me, '%')).json().results).toEqual([]);
  });

  it('finds a private member by avatar name only, showing the avatar identity to non-friends', async () => {
    const me = await signUp(app);
    const stem = uniqueName('pv').toLowerCase();
    // An alias unlike the username: a search by the hidden username must not find it by trigram similarity.
    const alias = `A${uniqueName('al')}`.slice(0, 16);
    await addMembers([`${stem}persona`], { privacySetting: 2, alias });
    expect((await search(me, `${stem}persona`)).json().results).toEqual([]);
    const found = (await search(me, alias.slice(0, 8))).json().results;
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ screen_name: alias, persona_image: null, is_friend: false });
  });

  it('refuses an empty or over-64-character query', async () => {
    const me = await signUp(app);
    for (const q of ['', '  ', 'x'.repeat(65)]) {
      const res = await search(me, q);
      expect([res.statusCode, res.json().error]).toEqual([400, 'invalid_query']);
    }
    expect((await search(me, 'x'.repeat(64))).statusCode).toBe(200);
  });
});

describe('GET /search/private_user', () => {
  it('finds exactly one persona or avatar name in any case; none answers an empty list', async () => {
    const me = await signUp(app);
    const stem = uniqueName('pu').toLowerCase();
    const alias = `B${stem}`.slice(0, 16);
    const [member] = await addMembers([`${stem}x`], { privacySetting: 2, alias });
    for (const q of [`${stem}X`, alias.toLowerCase(), ` ${alias} `]) {
      const results = (await lookup(me, q)).json().results;
      expect(results).toHaveLength(1);
      expect(results[0]).toMatchObject({ user_id: member.id, screen_name: alias, persona_image: null });
    }
    expect((await lookup(me, stem)).json()).toEqual({ results: [] });
    await ctx.deps.db.update(users).set({ privacySetting: 1 }).where(eq(users.id, member.id));
    expect((await lookup(me, `${stem}x`)).json().results[0]).toMatchObject({ screen_name: `${stem}x` });
  });
});

describe('search rate limit', () => {
  it.each(['searchUsers', 'privateUser'] as const)(
    'answers 429 after 60 calls a minute to %s',
    async (name) => {
      const limited = await createTestApp({ rateLimitFactor: 1 });
      const me = await signUp(limited.app);
      const statuses: number[] = [];
      for (let i = 0; i < 61; i += 1) {
        statuses.push(
          (await call(limited.app, name, { headers: me.headers, query: { q: 'abc' } })).statusCode,
        );
      }
      expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
      expect(statuses[60]).toBe(429);
    },
    // An app of its own (an embedded database opened) and 61 calls in turn: over 30 s on a loaded runner.
    120_000,
  );
});
