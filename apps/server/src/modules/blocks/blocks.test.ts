import { AccessType, PrivacySetting } from '@orbit/contract';
import { describe, expect, it, vi } from 'vitest';
import { call } from '../../test/call';
import { feedFixtures } from '../../test/feeds';
import { createTestApp, EVENTUALLY, signUp, type TestUser } from '../../test/harness';
import { listen, TestSocket, wsUrl } from '../../test/realtime';

const ctx = await createTestApp();
const { app } = ctx;
const { community, setUser, eventsOf, lastSeq } = feedFixtures(ctx);

const blockOf = (a: TestUser, b: TestUser) =>
  call(app, 'block', { params: { user_id: b.userId }, headers: a.headers });
const unblockOf = (a: TestUser, id: number) =>
  call(app, 'unblock', { params: { user_id: id }, headers: a.headers });
const blocksOf = (user: TestUser) => call(app, 'blocks', { headers: user.headers });
const askFriend = (a: TestUser, b: TestUser) =>
  call(app, 'friendRequest', { headers: a.headers, body: { user_id: b.userId } });
const befriend = async (a: TestUser, b: TestUser) => {
  expect((await askFriend(a, b)).statusCode).toBe(200);
  expect((await askFriend(b, a)).statusCode).toBe(200);
};
const send = (user: TestUser, group: number, message: string) =>
  call(app, 'sendMessage', { params: { group_id: group }, headers: user.headers, body: { message } });
const postIn = (user: TestUser, communityId: number, message: string) =>
  call(app, 'createCommunityPost', { headers: user.headers, body: { message, community_id: communityId } });
const commentOn = (user: TestUser, communityId: number, feedId: number, message: string) =>
  call(app, 'createCommunityComment', {
    headers: user.headers,
    body: { message, feed_id: feedId, community_id: communityId },
  });
const momentTo = (user: TestUser, participants: { friend_ids: number[]; community_ids: number[] }) =>
  call(app, 'createMoment', { headers: user.headers, body: { participants } });
/** The moments waiting for the member, as the shell app asks for them. */
const pendingMoments = async (user: TestUser) =>
  (
    await call(app, 'searchMoments', {
      headers: user.headers,
      query: { bg_app_id: 2, app: 'shell', origin: 1, filter: 0 },
    })
  ).json().incoming.pending;
const pair = async () => [await signUp(app), await signUp(app)] as const;

describe('PUT, DELETE and GET /user/blocks', () => {
  it('blocks idempotently, lists the blocked member, and unblocks idempotently', async () => {
    const [a, b] = await pair();
    expect((await blockOf(a, b)).json()).toEqual({ ok: true });
    expect((await blockOf(a, b)).statusCode).toBe(200);
    const list = await blocksOf(a);
    expect(list.statusCode).toBe(200);
    expect(list.json().blocks).toEqual([
      {
        user_id: b.userId,
        name: expect.any(String),
        screen_name: expect.any(String),
        blocked_at: expect.any(String),
      },
    ]);
    expect((await blocksOf(b)).json()).toEqual({ blocks: [] });
    expect((await unblockOf(a, b.userId)).json()).toEqual({ ok: true });
    expect((await unblockOf(a, b.userId)).statusCode).toBe(200);
    expect((await blocksOf(a)).json()).toEqual({ blocks: [] });
  });

  it('refuses blocking oneself (400 cannot_block_self) and an unknown member (404)', async () => {
    const a = await signUp(app);
    const self = await blockOf(a, a);
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe('cannot_block_self');
    const unknown = await call(app, 'block', { params: { user_id: 2147483000 }, headers: a.headers });
    expect(unknown.statusCode).toBe(404);
    expect((await unblockOf(a, 2147483000)).statusCode).toBe(404);
    expect((await blocksOf(a)).json()).toEqual({ blocks: [] });
  });

  it('holds under concurrent blocks of the same pair, both ways', async () => {
    const [a, b] = await pair();
    await befriend(a, b);
    const answers = await Promise.all([blockOf(a, b), blockOf(b, a), blockOf(a, b), blockOf(b, a)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect((await blocksOf(a)).json().blocks).toHaveLength(1);
    expect((await blocksOf(b)).json().blocks).toHaveLength(1);
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
      expect(Object.keys((await call(app, 'friends', { headers: x.headers })).json().friends)).not.toContain(
        String(y.userId),
      );
      const stars = (await call(app, 'profiles', { headers: x.headers })).json().stars;
      expect(stars.some((s) => s.user_id === y.userId)).toBe(false);
    }
  });

  it('withdraws a pending request either way, and refuses a new one both ways (403 blocked)', async () => {
    const [a, b] = await pair();
    expect((await askFriend(b, a)).statusCode).toBe(200);
    expect((await blockOf(a, b)).statusCode).toBe(200);
    for (const user of [a, b]) {
      const requests = (await call(app, 'friendRequests', { headers: user.headers })).json();
      expect(requests).toEqual({ incoming: {}, outgoing: {} });
    }
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const) {
      const refused = await askFriend(x, y);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('blocked');
    }
    // Unblocked, they may ask again.
    expect((await unblockOf(a, b.userId)).statusCode).toBe(200);
    expect((await askFriend(b, a)).statusCode).toBe(200);
  });
});

/** Both orders of a pair, for the rules that hold both ways. */
const bothWays = (a: TestUser, b: TestUser) =>
  [
    [a, b],
    [b, a],
  ] as const;
const expectBlocked = (res: { statusCode: number; json(): { error?: string } }) => {
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
  const created = await call(app, 'createMessageGroup', {
    headers: c.headers,
    body: { name: 'trio', user_ids: [a.userId, b.userId] },
  });
  return { a, b, c, group: created.json().id };
}

describe('neither finds the other', () => {
  it("in /search/users, /search/private_user and a community's non-member search, both ways", async () => {
    const { a, b } = await blockedPair();
    const expert = await signUp(app);
    const club = await community(expert, [a, b], AccessType.PUBLIC);
    const other = await community(a, [], AccessType.PUBLIC);
    const otherOfB = await community(b, [], AccessType.PUBLIC);
    const finds = async (x: TestUser, y: TestUser) => {
      const query = { q: y.username };
      const users = (await call(app, 'searchUsers', { headers: x.headers, query })).json().results;
      const persona = (await call(app, 'privateUser', { headers: x.headers, query })).json().results;
      const mine = x === a ? other : otherOfB;
      const nonmembers = (
        await call(app, 'communityNonmembers', {
          params: { id: mine },
          headers: x.headers,
          query: { textsearch: y.username },
        })
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
    const direct = (x: TestUser, y: TestUser) =>
      call(app, 'directThread', { headers: x.headers, body: { user_id: y.userId } });
    const thread = (await direct(a, b)).json().group_id;
    expect((await blockOf(a, b)).statusCode).toBe(200);
    for (const [x, y] of bothWays(a, b)) {
      expectBlocked(await direct(x, y));
      expectBlocked(
        await call(app, 'createMessageGroup', {
          headers: x.headers,
          body: { name: 'trio', user_ids: [y.userId, c.userId] },
        }),
      );
      expectBlocked(await send(x, thread, 'hello?'));
    }
  });

  it('no moment to the other, and none through a shared community (403 blocked)', async () => {
    const { a, b } = await blockedPair();
    await befriend(a, b);
    const club = await community(a, [b]);
    expect((await blockOf(a, b)).statusCode).toBe(200);
    for (const [x, y] of bothWays(a, b)) {
      expectBlocked(await momentTo(x, { friend_ids: [y.userId], community_ids: [] }));
    }
    const sent = await momentTo(b, { friend_ids: [], community_ids: [club] });
    expect(sent.statusCode).toBe(200);
    expect(await pendingMoments(a)).toEqual([]);
  });

  it('no call invite (403 blocked)', async () => {
    const { a, b } = await blockedPair();
    await befriend(a, b);
    expect((await blockOf(b, a)).statusCode).toBe(200);
    for (const [x, y] of bothWays(a, b)) {
      expectBlocked(await call(app, 'startCall', { headers: x.headers, body: { attendees: [y.userId] } }));
    }
  });

  it("no @tag and no comment on the other's posts (403 blocked)", async () => {
    const { a, b } = await blockedPair();
    const club = await community(a, [b]);
    const postOf = async (user: TestUser) => (await postIn(user, club, 'walk')).json().id;
    const [byA, byB] = [await postOf(a), await postOf(b)];
    expect((await blockOf(a, b)).statusCode).toBe(200);
    for (const [x, y] of bothWays(a, b)) {
      expectBlocked(
        await call(app, 'createCommunityPost', {
          headers: x.headers,
          body: { message: `hi @${y.username}`, community_id: club, tagged_users: [y.userId] },
        }),
      );
      const res = await commentOn(x, club, y === a ? byA : byB, 'nice');
      // The blocker no longer sees the blocked member's post at all; the blocked member is refused.
      if (x === a) expect(res.statusCode).toBe(404);
      else expectBlocked(res);
    }
  });

  it("the member's profile and feed answer 404, both ways", async () => {
    const { a, b } = await blockedPair();
    await befriend(a, b);
    const profileOf = (x: TestUser, y: TestUser) =>
      call(app, 'profile', { headers: x.headers, query: { user_id: y.userId } });
    expect((await profileOf(b, a)).statusCode).toBe(200);
    expect((await blockOf(a, b)).statusCode).toBe(200);
    for (const [x, y] of bothWays(a, b)) {
      expect((await profileOf(x, y)).statusCode).toBe(404);
      expect(
        (await call(app, 'userFeeds', { headers: x.headers, query: { user_id: y.userId } })).statusCode,
      ).toBe(404);
    }
  });
});

describe('the blocker stops seeing the blocked member', () => {
  it('their messages in a shared group, for the blocker only, in the thread and its preview', async () => {
    const { a, b, c, group } = await trio();
    expect((await send(b, group, 'from b, before')).statusCode).toBe(200);
    expect((await blockOf(a, b)).statusCode).toBe(200);
    expect((await send(a, group, 'from a')).statusCode).toBe(200);
    expect((await send(b, group, 'from b, after')).statusCode).toBe(200);
    const texts = async (user: TestUser) =>
      (await call(app, 'messages', { params: { group_id: group }, headers: user.headers }))
        .json()
        .messages.map((m) => m.message);
    expect(await texts(a)).toEqual(['from a']);
    expect(await texts(b)).toEqual(['from b, after', 'from a', 'from b, before']);
    expect(await texts(c)).toEqual(['from b, after', 'from a', 'from b, before']);
    const preview = (
      await call(app, 'messagePreview', { params: { group_id: group }, headers: a.headers })
    ).json();
    expect(JSON.stringify(preview)).not.toContain('from b');
  });

  it('their posts and comments in a community feed, cached first page or not; others see them', async () => {
    const { a, b } = await blockedPair();
    const c = await signUp(app);
    const club = await community(c, [a, b]);
    const post = async (user: TestUser, message: string) => (await postIn(user, club, message)).json().id;
    const byB = await post(b, 'by b');
    const byC = await post(c, 'by c');
    await commentOn(b, club, byC, 'b says');
    await commentOn(a, club, byC, 'a says');
    const feed = async (user: TestUser) =>
      (await call(app, 'communityFeeds', { headers: user.headers, query: { community_id: club } }))
        .json()
        .community_feeds.map((p) => p.id);
    const comments = async (user: TestUser) =>
      (
        await call(app, 'communityComments', {
          headers: user.headers,
          query: { feed_id: byC, community_id: club },
        })
      )
        .json()
        .community_feed_comments.map((m) => m.message);
    expect(await feed(a)).toEqual([byC, byB]);
    expect((await blockOf(a, b)).statusCode).toBe(200);
    expect(await feed(a)).toEqual([byC]);
    expect(await comments(a)).toEqual(['a says']);
    expect((await call(app, 'communityPost', { params: { id: byB }, headers: a.headers })).statusCode).toBe(
      404,
    );
    // Everyone else, the blocked member included, still sees everything.
    for (const user of [b, c]) {
      expect(await feed(user)).toEqual([byC, byB]);
      expect(await comments(user)).toEqual(['b says', 'a says']);
    }
  });

  it('their moments already received', async () => {
    const { a, b } = await blockedPair();
    await befriend(a, b);
    const sent = await momentTo(b, { friend_ids: [a.userId], community_ids: [] });
    expect(sent.statusCode).toBe(200);
    const pending = () => pendingMoments(a);
    expect(await pending()).toHaveLength(1);
    expect((await blockOf(a, b)).statusCode).toBe(200);
    expect(await pending()).toEqual([]);
  });

  it('notifications they caused, listed and counted, and none new', async () => {
    const { a, b } = await blockedPair();
    const club = await community(a, [b]);
    const byA = (await postIn(a, club, 'walk')).json().id;
    await commentOn(b, club, byA, 'b says');
    const list = async () => (await call(app, 'notifications', { headers: a.headers })).json();
    expect((await list()).notifications).toHaveLength(1);
    expect((await list()).unreadCount).toBe(1);
    expect((await blockOf(a, b)).statusCode).toBe(200);
    expect((await list()).notifications).toEqual([]);
    expect((await list()).unreadCount).toBe(0);
    const profile = (await call(app, 'profiles', { headers: a.headers })).json();
    expect(profile.notif_qty).toBe(0);
  });

  it("their rows in a community's member list", async () => {
    const { a, b } = await blockedPair();
    const club = await community(a, [b]);
    const members = async (user: TestUser) =>
      (await call(app, 'communityMembers', { params: { id: club }, headers: user.headers }))
        .json()
        .members.map((m) => m.user_id);
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
    expect((await send(b, group, 'b')).statusCode).toBe(200);
    expect((await postIn(b, club, 'b')).statusCode).toBe(200);
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
    expect((await send(b, group, 'from b')).statusCode).toBe(200);
    expect((await send(c, group, 'from c')).statusCode).toBe(200);
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
