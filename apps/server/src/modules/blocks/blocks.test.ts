import { AccessType, PrivacySetting } from '@orbit/contract';
import { describe, expect, it, vi } from 'vitest';
import { feedFixtures } from '../../test/feeds';
import { createTestApp, EVENTUALLY, signUp, type TestUser } from '../../test/harness';
import { listen, TestSocket, wsUrl } from '../../test/realtime';

const ctx = await createTestApp();
const { app } = ctx;
const { community, setUser, eventsOf, lastSeq } = feedFixtures(ctx);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (user: TestUser, method: Method, url: string, payload?: object) =>
  app.inject({ method, url: `/api/${url}`, headers: user.headers, payload });
const blockOf = (a: TestUser, b: TestUser) => call(a, 'PUT', `user/blocks/${b.userId}`);
const befriend = async (a: TestUser, b: TestUser) => {
  expect((await call(a, 'PUT', 'user/friends/request', { user_id: b.userId })).statusCode).toBe(200);
  expect((await call(b, 'PUT', 'user/friends/request', { user_id: a.userId })).statusCode).toBe(200);
};
const pair = async () => [await signUp(app), await signUp(app)] as const;

describe('PUT, DELETE and GET /user/blocks', () => {
  it('blocks idempotently, lists the blocked member, and unblocks idempotently', async () => {
    const [a, b] = await pair();
    expect((await blockOf(a, b)).json()).toEqual({ ok: true });
    expect((await blockOf(a, b)).statusCode).toBe(200);
    const list = await call(a, 'GET', 'user/blocks');
    expect(list.statusCode).toBe(200);
    expect(list.json().blocks).toEqual([
      {
        user_id: b.userId,
        name: expect.any(String),
        screen_name: expect.any(String),
        blocked_at: expect.any(String),
      },
    ]);
    expect((await call(b, 'GET', 'user/blocks')).json()).toEqual({ blocks: [] });
    expect((await call(a, 'DELETE', `user/blocks/${b.userId}`)).json()).toEqual({ ok: true });
    expect((await call(a, 'DELETE', `user/blocks/${b.userId}`)).statusCode).toBe(200);
    expect((await call(a, 'GET', 'user/blocks')).json()).toEqual({ blocks: [] });
  });

  it('refuses blocking oneself (400 cannot_block_self) and an unknown member (404)', async () => {
    const a = await signUp(app);
    const self = await call(a, 'PUT', `user/blocks/${a.userId}`);
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe('cannot_block_self');
    const unknown = await call(a, 'PUT', 'user/blocks/2147483000');
    expect(unknown.statusCode).toBe(404);
    expect((await call(a, 'DELETE', 'user/blocks/2147483000')).statusCode).toBe(404);
    expect((await call(a, 'GET', 'user/blocks')).json()).toEqual({ blocks: [] });
  });

  it('holds under concurrent blocks of the same pair, both ways', async () => {
    const [a, b] = await pair();
    await befriend(a, b);
    const answers = await Promise.all([blockOf(a, b), blockOf(b, a), blockOf(a, b), blockOf(b, a)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect((await call(a, 'GET', 'user/blocks')).json().blocks).toHaveLength(1);
    expect((await call(b, 'GET', 'user/blocks')).json().blocks).toHaveLength(1);
  });
});

describe('a block ends every tie', () => {
  it('ends the friendship both ways and takes each off the other star set', async () => {
    const [a, b] = await pair();
    await befriend(a, b);
    expect((await blockOf(a, b)).statusCode).toBe(200);
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const) {
      expect(Object.keys((await call(x, 'GET', 'user/friends')).json().friends)).not.toContain(
        String(y.userId),
      );
      const stars = (await call(x, 'GET', 'user/profiles')).json().stars as { user_id?: number }[];
      expect(stars.some((s) => s.user_id === y.userId)).toBe(false);
    }
  });

  it('withdraws a pending request either way, and refuses a new one both ways (403 blocked)', async () => {
    const [a, b] = await pair();
    expect((await call(b, 'PUT', 'user/friends/request', { user_id: a.userId })).statusCode).toBe(200);
    expect((await blockOf(a, b)).statusCode).toBe(200);
    for (const user of [a, b]) {
      const requests = (await call(user, 'GET', 'user/friends/requests')).json();
      expect(requests).toEqual({ incoming: {}, outgoing: {} });
    }
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const) {
      const refused = await call(x, 'PUT', 'user/friends/request', { user_id: y.userId });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('blocked');
    }
    // Unblocked, they may ask again.
    expect((await call(a, 'DELETE', `user/blocks/${b.userId}`)).statusCode).toBe(200);
    expect((await call(b, 'PUT', 'user/friends/request', { user_id: a.userId })).statusCode).toBe(200);
  });
});

/** Both orders of a pair, for the rules that hold both ways. */
const bothWays = (a: TestUser, b: TestUser) =>
  [
    [a, b],
    [b, a],
  ] as const;
const expectBlocked = (res: { statusCode: number; json(): { error: string } }) => {
  expect(res.statusCode).toBe(403);
  expect(res.json().error).toBe('blocked');
};
/** A blocks B; both public (their usernames searchable), and C a third member. */
async function blockedPair() {
  const [a, b] = await pair();
  for (const user of [a, b]) await setUser(user, { privacySetting: PrivacySetting.PUBLIC });
  return { a, b };
}

/** The pair, and C, a friend of both, who put the three of them in one group thread. */
async function trio() {
  const { a, b } = await blockedPair();
  const c = await signUp(app);
  await befriend(c, a);
  await befriend(c, b);
  const created = await call(c, 'POST', 'pms/group', { name: 'trio', user_ids: [a.userId, b.userId] });
  return { a, b, c, group: created.json().id as number };
}

describe('neither finds the other', () => {
  it("in /search/users, /search/private_user and a community's non-member search, both ways", async () => {
    const { a, b } = await blockedPair();
    const expert = await signUp(app);
    const club = await community(expert, [a, b], AccessType.PUBLIC);
    const other = await community(a, [], AccessType.PUBLIC);
    const otherOfB = await community(b, [], AccessType.PUBLIC);
    const finds = async (x: TestUser, y: TestUser) => {
      const users = (await call(x, 'GET', `search/users?q=${y.username}`)).json().results;
      const persona = (await call(x, 'GET', `search/private_user?q=${y.username}`)).json().results;
      const mine = x === a ? other : otherOfB;
      const nonmembers = (
        await call(x, 'GET', `communities/${mine}/nonmembers?textsearch=${y.username}`)
      ).json().users;
      return [users, persona, nonmembers].map((list: { user_id: number }[]) =>
        list.some((u) => u.user_id === y.userId),
      );
    };
    await befriend(a, b);
    for (const [x, y] of bothWays(a, b)) expect(await finds(x, y)).toEqual([true, true, true]);
    expect((await blockOf(a, b)).statusCode).toBe(200);
    for (const [x, y] of bothWays(a, b)) expect(await finds(x, y)).toEqual([false, false, false]);
    expect(club).toBeGreaterThan(0);
  });
});

describe('no contact, both ways', () => {
  it('no direct thread, no new group, no message in their old thread (403 blocked)', async () => {
    const { a, b } = await blockedPair();
    const c = await signUp(app);
    await befriend(a, b);
    await befriend(a, c);
    await befriend(b, c);
    const thread = (await call(a, 'POST', 'pms/direct', { user_id: b.userId })).json().group_id as number;
    expect((await blockOf(a, b)).statusCode).toBe(200);
    for (const [x, y] of bothWays(a, b)) {
      expectBlocked(await call(x, 'POST', 'pms/direct', { user_id: y.userId }));
      expectBlocked(await call(x, 'POST', 'pms/group', { name: 'trio', user_ids: [y.userId, c.userId] }));
      expectBlocked(await call(x, 'POST', `pms/send/${thread}`, { message: 'hello?' }));
    }
  });

  it('no moment to the other, and none through a shared community (403 blocked)', async () => {
    const { a, b } = await blockedPair();
    await befriend(a, b);
    const club = await community(a, [b]);
    expect((await blockOf(a, b)).statusCode).toBe(200);
    for (const [x, y] of bothWays(a, b)) {
      expectBlocked(
        await call(x, 'POST', 'user/moments', {
          participants: { friend_ids: [y.userId], community_ids: [] },
        }),
      );
    }
    const sent = await call(b, 'POST', 'user/moments', {
      participants: { friend_ids: [], community_ids: [club] },
    });
    expect(sent.statusCode).toBe(200);
    const incoming = (
      await call(a, 'GET', 'user/moments/search?bg_app_id=2&app=shell&origin=1&filter=0')
    ).json().incoming;
    expect(incoming.pending).toEqual([]);
  });

  it('no call invite (403 blocked)', async () => {
    const { a, b } = await blockedPair();
    await befriend(a, b);
    expect((await blockOf(b, a)).statusCode).toBe(200);
    for (const [x, y] of bothWays(a, b)) {
      expectBlocked(await call(x, 'POST', 'call/start', { attendees: [y.userId] }));
    }
  });

  it("no @tag and no comment on the other's posts (403 blocked)", async () => {
    const { a, b } = await blockedPair();
    const club = await community(a, [b]);
    const postOf = async (user: TestUser) =>
      (await call(user, 'POST', 'community/feed', { message: 'walk', community_id: club })).json()
        .id as number;
    const posts = new Map([
      [a, await postOf(a)],
      [b, await postOf(b)],
    ]);
    expect((await blockOf(a, b)).statusCode).toBe(200);
    for (const [x, y] of bothWays(a, b)) {
      expectBlocked(
        await call(x, 'POST', 'community/feed', {
          message: `hi @${y.username}`,
          community_id: club,
          tagged_users: [y.userId],
        }),
      );
      const comment = { message: 'nice', feed_id: posts.get(y), community_id: club };
      const res = await call(x, 'POST', 'community/feed/comment', comment);
      // The blocker no longer sees the blocked member's post at all; the blocked member is refused.
      if (x === a) expect(res.statusCode).toBe(404);
      else expectBlocked(res);
    }
  });

  it("the member's profile and feed answer 404, both ways", async () => {
    const { a, b } = await blockedPair();
    await befriend(a, b);
    expect((await call(b, 'GET', `user/profile?user_id=${a.userId}`)).statusCode).toBe(200);
    expect((await blockOf(a, b)).statusCode).toBe(200);
    for (const [x, y] of bothWays(a, b)) {
      expect((await call(x, 'GET', `user/profile?user_id=${y.userId}`)).statusCode).toBe(404);
      expect((await call(x, 'GET', `user/feeds?user_id=${y.userId}`)).statusCode).toBe(404);
    }
  });
});

describe('the blocker stops seeing the blocked member', () => {
  it('their messages in a shared group, for the blocker only, in the thread and its preview', async () => {
    const { a, b, c, group } = await trio();
    expect((await call(b, 'POST', `pms/send/${group}`, { message: 'from b, before' })).statusCode).toBe(200);
    expect((await blockOf(a, b)).statusCode).toBe(200);
    expect((await call(a, 'POST', `pms/send/${group}`, { message: 'from a' })).statusCode).toBe(200);
    expect((await call(b, 'POST', `pms/send/${group}`, { message: 'from b, after' })).statusCode).toBe(200);
    const texts = async (user: TestUser) =>
      ((await call(user, 'GET', `pms/list/${group}`)).json().messages as { message: string }[]).map(
        (m) => m.message,
      );
    expect(await texts(a)).toEqual(['from a']);
    expect(await texts(b)).toEqual(['from b, after', 'from a', 'from b, before']);
    expect(await texts(c)).toEqual(['from b, after', 'from a', 'from b, before']);
    const preview = (await call(a, 'GET', `pms/previews/${group}`)).json();
    expect(JSON.stringify(preview)).not.toContain('from b');
  });

  it('their posts and comments in a community feed, cached first page or not; others see them', async () => {
    const { a, b } = await blockedPair();
    const c = await signUp(app);
    const club = await community(c, [a, b]);
    const post = async (user: TestUser, message: string) =>
      (await call(user, 'POST', 'community/feed', { message, community_id: club })).json().id as number;
    const byB = await post(b, 'by b');
    const byC = await post(c, 'by c');
    await call(b, 'POST', 'community/feed/comment', { message: 'b says', feed_id: byC, community_id: club });
    await call(a, 'POST', 'community/feed/comment', { message: 'a says', feed_id: byC, community_id: club });
    const feed = async (user: TestUser, query = '') =>
      (
        (await call(user, 'GET', `community/feeds?community_id=${club}${query}`)).json().community_feeds as {
          id: number;
        }[]
      ).map((p) => p.id);
    const comments = async (user: TestUser) =>
      (
        (await call(user, 'GET', `community/feed/comments?feed_id=${byC}&community_id=${club}`)).json()
          .community_feed_comments as { message: string }[]
      ).map((m) => m.message);
    expect(await feed(a)).toEqual([byC, byB]);
    expect((await blockOf(a, b)).statusCode).toBe(200);
    expect(await feed(a)).toEqual([byC]);
    expect(await comments(a)).toEqual(['a says']);
    expect((await call(a, 'GET', `community/feed/${byB}`)).statusCode).toBe(404);
    // Everyone else, the blocked member included, still sees everything.
    for (const user of [b, c]) {
      expect(await feed(user)).toEqual([byC, byB]);
      expect(await comments(user)).toEqual(['b says', 'a says']);
    }
  });

  it('their moments already received', async () => {
    const { a, b } = await blockedPair();
    await befriend(a, b);
    const sent = await call(b, 'POST', 'user/moments', {
      participants: { friend_ids: [a.userId], community_ids: [] },
    });
    expect(sent.statusCode).toBe(200);
    const pending = async () =>
      (await call(a, 'GET', 'user/moments/search?bg_app_id=2&app=shell&origin=1&filter=0')).json().incoming
        .pending;
    expect(await pending()).toHaveLength(1);
    expect((await blockOf(a, b)).statusCode).toBe(200);
    expect(await pending()).toEqual([]);
  });

  it('notifications they caused, listed and counted, and none new', async () => {
    const { a, b } = await blockedPair();
    const club = await community(a, [b]);
    const byA = (await call(a, 'POST', 'community/feed', { message: 'walk', community_id: club })).json().id;
    await call(b, 'POST', 'community/feed/comment', { message: 'b says', feed_id: byA, community_id: club });
    const list = async () => (await call(a, 'GET', 'notifications')).json();
    expect((await list()).notifications).toHaveLength(1);
    expect((await list()).unreadCount).toBe(1);
    expect((await blockOf(a, b)).statusCode).toBe(200);
    expect((await list()).notifications).toEqual([]);
    expect((await list()).unreadCount).toBe(0);
    const profile = (await call(a, 'GET', 'user/profiles')).json();
    expect(profile.user_profile.notif_qty ?? 0).toBe(0);
  });

  it("their rows in a community's member list", async () => {
    const { a, b } = await blockedPair();
    const club = await community(a, [b]);
    const members = async (user: TestUser) =>
      ((await call(user, 'GET', `communities/${club}/members`)).json().members as { user_id: number }[]).map(
        (m) => m.user_id,
      );
    expect(await members(a)).toContain(b.userId);
    expect((await blockOf(a, b)).statusCode).toBe(200);
    expect(await members(a)).not.toContain(b.userId);
    expect(await members(b)).toContain(a.userId);
  });
});

describe("realtime: a blocked member's events never reach the blocker", () => {
  it('writes no event of theirs for the blocker, personal or on a community channel', async () => {
    const { a, b, c, group } = await trio();
    const club = await community(c, [a, b]);
    expect((await blockOf(a, b)).statusCode).toBe(200);
    const since = await lastSeq(a);
    const sinceC = await lastSeq(c);
    expect((await call(b, 'POST', `pms/send/${group}`, { message: 'b' })).statusCode).toBe(200);
    expect((await call(b, 'POST', 'community/feed', { message: 'b', community_id: club })).statusCode).toBe(
      200,
    );
    expect(await eventsOf(a, since)).toEqual([]);
    // The third member got both.
    expect((await eventsOf(c, sinceC)).map((e) => e.type)).toEqual(
      expect.arrayContaining(['PM', 'COMMUNITY_POST']),
    );
  });

  it("the blocker's open socket gets the group's other messages live, never the blocked member's", async () => {
    const { a, b, c, group } = await trio();
    expect((await blockOf(a, b)).statusCode).toBe(200);
    const origin = await listen(app);
    const socket = await TestSocket.open(await wsUrl(origin, a), origin);
    await socket.live();
    const before = socket.messages.length;
    expect((await call(b, 'POST', `pms/send/${group}`, { message: 'from b' })).statusCode).toBe(200);
    expect((await call(c, 'POST', `pms/send/${group}`, { message: 'from c' })).statusCode).toBe(200);
    await vi.waitFor(
      () => expect(JSON.stringify(socket.messages.slice(before))).toContain('from c'),
      EVENTUALLY,
    );
    expect(JSON.stringify(socket.messages.slice(before))).not.toContain('from b');
    socket.close();
  });

  it('the block itself tells both homes, as an unfriend does', async () => {
    const [a, b] = await pair();
    await befriend(a, b);
    const [sinceA, sinceB] = [await lastSeq(a), await lastSeq(b)];
    expect((await blockOf(a, b)).statusCode).toBe(200);
    expect((await eventsOf(a, sinceA)).map((e) => e.type)).toContain('USER_PROFILES');
    expect((await eventsOf(b, sinceB)).map((e) => e.type)).toContain('USER_PROFILES');
  });
});
