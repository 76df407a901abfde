import { type ProfileStar, type ProfilesResponse, StarType } from '@orbit/contract';
import { describe, expect, it, vi } from 'vitest';
import { call } from '../../test/call';
import { feedFixtures } from '../../test/feeds';
import { ACCEPTS_GZIP, gzippedAgain } from '../../test/gzip';
import { createTestApp, EVENTUALLY, signUp, type TestContext, type TestUser } from '../../test/harness';
import { HomeCache } from './cache';

/**
 * The home (GET /user/profiles) is computed once and served again while the member's streams stand still
 * (decision 0030). These prove that a cached home never shows what changed since: on the instance that holds
 * it, and when the change went through another instance of the same deployment (one database).
 */
const first = await createTestApp();
const second = await createTestApp({}, first.database);
const fixtures = feedFixtures(first);

async function homeOn(ctx: TestContext, user: TestUser) {
  const res = await call(ctx.app, 'profiles', { headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const memberStar = (stars: ProfileStar[], userId: number) =>
  stars.find((s) => s.user_id === userId && s.star_type !== StarType.ME);
const communityStar = (stars: ProfileStar[], communityId: number) =>
  stars.find((s) => s.community_id === communityId && s.star_type !== StarType.COMMUNITY_INVITE);

const ask = (from: TestUser, to: TestUser) =>
  call(first.app, 'friendRequest', { headers: from.headers, body: { user_id: to.userId } });

async function friends(a: TestUser, b: TestUser) {
  for (const [from, to] of [
    [a, b],
    [b, a],
  ]) {
    expect((await ask(from, to)).statusCode).toBe(200);
  }
}

const setMood = (ctx: TestContext, user: TestUser, mood: number) =>
  call(ctx.app, 'updateUser', { headers: user.headers, body: { gojimoji: { mood } } });

describe('the cached home', () => {
  it('serves the same home again as its own last set, without a pulse', async () => {
    const [a, b] = [await signUp(first.app), await signUp(first.app)];
    await friends(a, b);
    const computed = await homeOn(first, a);
    const again = await homeOn(first, a);
    expect(again.stars).toEqual(computed.stars);
    expect(again.last_stars).toEqual(computed.stars);
    expect(again.me_star_pulse).toBe(false);
  });

  it("shows a friend's and a pending request's new mood at once, changed on this instance or another", async () => {
    const [a, friend, asked] = [await signUp(first.app), await signUp(first.app), await signUp(first.app)];
    await friends(a, friend);
    expect((await ask(a, asked)).statusCode).toBe(200);
    const before = await homeOn(first, a);
    expect(memberStar(before.stars, friend.userId)?.gojimoji?.mood ?? null).toBeNull();
    expect(memberStar(before.stars, asked.userId)).toBeDefined();

    expect((await setMood(first, friend, 3)).statusCode).toBe(200);
    expect(memberStar((await homeOn(first, a)).stars, friend.userId)?.gojimoji?.mood).toBe(3);
    expect((await setMood(second, friend, 5)).statusCode).toBe(200);
    expect((await setMood(second, asked, 2)).statusCode).toBe(200);
    // Another instance's change is heard when the bus brings it (decision 0076), as its sockets hear it.
    await vi.waitFor(async () => {
      const after = await homeOn(first, a);
      expect(memberStar(after.stars, friend.userId)?.gojimoji?.mood).toBe(5);
      expect(memberStar(after.stars, asked.userId)?.gojimoji?.mood).toBe(2);
    }, EVENTUALLY);
  });

  it('no longer shows a friend once unfriended, nor a community once left, whichever instance did it', async () => {
    const [a, b, expert] = [await signUp(first.app), await signUp(first.app), await signUp(first.app)];
    await friends(a, b);
    const communityId = await fixtures.community(expert, [a]);
    const before = await homeOn(first, a);
    expect(memberStar(before.stars, b.userId)).toBeDefined();
    expect(communityStar(before.stars, communityId)).toBeDefined();

    const unfriend = { headers: b.headers, query: { user_id: a.userId } };
    expect((await call(second.app, 'unfriend', unfriend)).statusCode).toBe(200);
    await vi.waitFor(
      async () => expect(memberStar((await homeOn(first, a)).stars, b.userId)).toBeUndefined(),
      EVENTUALLY,
    );
    const leave = { headers: a.headers, body: { id: communityId } };
    expect((await call(second.app, 'leaveCommunity', leave)).statusCode).toBe(200);
    await vi.waitFor(
      async () => expect(communityStar((await homeOn(first, a)).stars, communityId)).toBeUndefined(),
      EVENTUALLY,
    );
  });

  it("shows the writer's own change at once on the instance that committed it", async () => {
    const [a, b] = [await signUp(first.app), await signUp(first.app)];
    await friends(a, b);
    await homeOn(second, a);
    for (const mood of [2, 4]) {
      expect((await setMood(second, b, mood)).statusCode).toBe(200);
      expect(memberStar((await homeOn(second, a)).stars, b.userId)?.gojimoji?.mood).toBe(mood);
    }
    const unfriend = { headers: a.headers, query: { user_id: b.userId } };
    expect((await call(second.app, 'unfriend', unfriend)).statusCode).toBe(200);
    expect(memberStar((await homeOn(second, a)).stars, b.userId)).toBeUndefined();
  });
});

describe('a home read again', () => {
  it('goes gzipped, once compressed, to a client that accepts it, and as it is to one that does not', async () => {
    const member = await signUp(first.app);
    const plain = await call(first.app, 'profiles', { headers: member.headers });
    const gzipped = { headers: { ...member.headers, ...ACCEPTS_GZIP } };
    expect(await gzippedAgain(() => call(first.app, 'profiles', gzipped))).toEqual({
      ...plain.json(),
      last_stars: plain.json().stars,
      me_star_pulse: false,
    });
    for (const refused of [undefined, 'identity', 'gzip;q=0, identity']) {
      const headers = { ...member.headers, ...(refused && { 'accept-encoding': refused }) };
      const res = await call(first.app, 'profiles', { headers });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.json().stars).toEqual(plain.json().stars);
    }
  });
});

describe('hearing the bus (decision 0076)', () => {
  /** A stream no event has reached: the database says it stands at 0, so a check of a home read at 5 fails. */
  const stream = () => `u:${2_000_000_000 - Math.floor(Math.random() * 1_000_000)}`;
  const home = { stars: [], last_stars: [], me_star_pulse: true } as unknown as ProfilesResponse;

  /** A cache on the real database, and how often it computed: a read served with no statement computes nothing. */
  function kept(key: string, seq = 5) {
    const cache = new HomeCache(first.database.db, (err) => {
      throw err;
    });
    let computed = 0;
    let during: () => void = () => {};
    const read = () =>
      cache.read(1, async () => {
        computed += 1;
        during();
        return { home, streams: [[key, seq]] };
      });
    return {
      cache,
      read,
      computed: () => computed,
      whileComputing: (fn: () => void) => {
        during = fn;
      },
    };
  }

  it('serves a home read while heard with no statement, until an event past it is heard', async () => {
    const key = stream();
    const { cache, read, computed } = kept(key);
    cache.hearing(true);
    await read();
    await read();
    expect(computed()).toBe(1);
    cache.moved(key, 5);
    cache.moved(`${key}0`, 9);
    await read();
    expect(computed()).toBe(1);
    cache.moved(key, 6);
    await read();
    expect(computed()).toBe(2);
    expect(cache.counts).toEqual({ hits: 2, misses: 2 });
  });

  it('checks on the database a home kept while deaf, or kept before the hearing was lost', async () => {
    const key = stream();
    const { cache, read, computed } = kept(key);
    cache.hearing(false);
    await read();
    await read();
    expect(computed()).toBe(2);
    cache.hearing(true);
    await read();
    await read();
    expect(computed()).toBe(3);
    cache.hearing(false);
    cache.hearing(true);
    await read();
    expect(computed()).toBe(4);
  });

  it('checks a home read while an event past it was heard, which the snapshot may have missed', async () => {
    const key = stream();
    const { cache, read, computed, whileComputing } = kept(key);
    cache.hearing(true);
    whileComputing(() => cache.moved(key, 6));
    await read();
    whileComputing(() => {});
    await read();
    expect(computed()).toBe(2);
    // The heard position is kept: a read of the same streams after it is still not trusted.
    await read();
    expect(computed()).toBe(3);
  });
});
