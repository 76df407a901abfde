import { AccessType, COMMUNITY_PAGE_SIZE, type CommunityEntry } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { type Called, call } from '../../test/call';
import { communityFixtures } from '../../test/communities';
import { createTestApp, signUp, type TestUser, uniqueName } from '../../test/harness';

const ctx = await createTestApp();
const { app } = ctx;
const { community } = communityFixtures(ctx);

type Page = { page_key?: string };
/** A page of a list, which must answer. */
async function page(res: Promise<Called<'communities' | 'searchCommunities'>>) {
  const answered = await res;
  expect(answered.statusCode).toBe(200);
  return answered.json();
}
const listed = (user: TestUser, query: Page & { textsearch?: string } = {}) =>
  page(call(app, 'communities', { headers: user.headers, query }));
const searched = (user: TestUser, textsearch: string) =>
  page(call(app, 'searchCommunities', { headers: user.headers, query: { textsearch } }));
const namesOf = (entries: CommunityEntry[]) => entries.map((c) => c.name);

describe('GET /search/communities', () => {
  it('ranks exact, prefix, substring, then similar names', async () => {
    const expert = await signUp(app);
    const stem = uniqueName('walk').toLowerCase();
    for (const name of [`the ${stem} club`, `${stem}ers`, `${stem.slice(0, -1)}x`, stem]) {
      await community(expert, { name });
    }
    const results = (await searched(expert, stem.toUpperCase())).communities;
    expect(namesOf(results)).toEqual([stem, `${stem}ers`, `the ${stem} club`, `${stem.slice(0, -1)}x`]);
  });

  it('finds a private community only for its members and invitees', async () => {
    const [expert, outsider, invitee] = [await signUp(app), await signUp(app), await signUp(app)];
    const name = uniqueName('secret');
    const id = await community(expert, { name, accessType: AccessType.PRIVATE });
    const search = (user: TestUser) => searched(user, name);
    expect((await search(outsider)).communities).toEqual([]);
    expect((await listed(outsider)).communities.some((c) => c.id === id)).toBe(false);
    expect(namesOf((await search(expert)).communities)).toEqual([name]);
    await call(app, 'inviteToCommunity', {
      params: { id },
      headers: expert.headers,
      body: { screen_name: invitee.username },
    });
    expect((await search(invitee)).communities[0]).toMatchObject({ id, isMember: false, roles: [] });
  });

  it('refuses a blank search', async () => {
    const user = await signUp(app);
    const res = await call(app, 'searchCommunities', { headers: user.headers, query: { textsearch: '  ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_query');
  });
});

describe('GET /communities', () => {
  it('lists the caller’s communities first, then public ones, in pages of 25', async () => {
    const [expert, member] = [await signUp(app), await signUp(app)];
    const stem = uniqueName('page');
    for (let i = 0; i < COMMUNITY_PAGE_SIZE; i += 1) await community(expert, { name: `${stem} a${i}` });
    const mine = await community(expert, { name: `${stem} zz` }, [member]);
    const first = await listed(member, { textsearch: stem });
    expect(first.communities).toHaveLength(COMMUNITY_PAGE_SIZE);
    expect(first.newer_key).toBeNull();
    const second = await listed(member, { textsearch: stem, page_key: first.older_key ?? undefined });
    expect(second.communities).toHaveLength(1);
    expect(second.older_key).toBeNull();
    expect(second.newer_key).not.toBeNull();
    const ids = new Set([...first.communities, ...second.communities].map((c) => c.id));
    expect(ids.size).toBe(COMMUNITY_PAGE_SIZE + 1);
    expect(ids.has(mine)).toBe(true);

    const all = (await listed(member)).communities;
    expect(all[0]).toMatchObject({ id: mine, isMember: true, roles: [4] });
    expect(all.slice(1).every((c) => !c.isMember)).toBe(true);
  });

  it('refuses an unreadable page key', async () => {
    const user = await signUp(app);
    expect(
      (await call(app, 'communities', { headers: user.headers, query: { page_key: 'nonsense' } })).statusCode,
    ).toBe(400);
  });
});

describe('community search rate limit', () => {
  it('answers 429 after 60 searches a minute', async () => {
    const limited = await createTestApp({ rateLimitFactor: 1 });
    const me = await signUp(limited.app);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      const res = await call(limited.app, 'searchCommunities', {
        headers: me.headers,
        query: { textsearch: 'abc' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});
