import { AccessType, type CommunityPostBody, PostPrivacy, PrivacySetting, Urgency } from '@orbit/contract';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { communities, posts } from '../../db/schema';
import { call } from '../../test/call';
import { feedFixtures } from '../../test/feeds';
import { ACCEPTS_GZIP, gzippedAgain } from '../../test/gzip';
import { createTestApp, signUp, type TestContext, type TestUser } from '../../test/harness';
import type { CommunityPageCache } from './page-cache';
import { listFeed } from './service';

/**
 * A community's first feed page is kept and served again while the community channel and the faces it shows
 * stand still (decision 0031), served with no statement while every change to it is heard (decision 0078).
 * These prove that a kept page never shows a reader what changed since, nor what they may no longer see: at
 * once on the instance the change went through, and once heard on another instance of the same deployment
 * (one database) or, written with no event, once its notification arrives.
 */
const first = await createTestApp();
const second = await createTestApp({}, first.database);
const { community, setUser, befriend } = feedFixtures(first);

const feedOf = (user: TestUser, communityId: number, ctx = first) =>
  call(ctx.app, 'communityFeeds', { headers: user.headers, query: { community_id: communityId } });

async function pageOf(user: TestUser, communityId: number, ctx = first) {
  const res = await feedOf(user, communityId, ctx);
  expect(res.statusCode).toBe(200);
  return res.json();
}
type Page = Awaited<ReturnType<typeof pageOf>>;

async function postIn(
  user: TestUser,
  communityId: number,
  body: Partial<CommunityPostBody> = {},
  ctx = first,
) {
  const res = await call(ctx.app, 'createCommunityPost', {
    headers: user.headers,
    body: { message: 'hi', community_id: communityId, ...body },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function pollIn(user: TestUser, communityId: number, expiresInMs = 86_400_000) {
  const expiration_date = new Date(Date.now() + expiresInMs).toISOString();
  const res = await call(first.app, 'createCommunityPoll', {
    headers: user.headers,
    params: { id: communityId },
    body: { question: 'Walk?', options: ['Yes', 'No'], expiration_date },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const highFive = (ctx: TestContext, user: TestUser, id: number, feedId: number) =>
  call(ctx.app, 'highFiveCommunityPost', { headers: user.headers, params: { id, feedId } });
const deletePost = (ctx: TestContext, user: TestUser, id: number, feedId: number) =>
  call(ctx.app, 'deleteCommunityPost', { headers: user.headers, params: { id, feedId } });

const postIdOf = (page: Page, id: number) => page.community_feeds.find((p) => p.id === id);

/** The page as the uncached read answers it: what a kept page must equal for every reader. */
async function uncached(user: TestUser, communityId: number) {
  const page = await listFeed(first.deps, user.userId, { kind: 'community', communityId }, {});
  return JSON.parse(
    JSON.stringify({ community_feeds: page.items, older_key: page.older_key, newer_key: null }),
  );
}

async function crowd(n: number) {
  const members: TestUser[] = [];
  for (let i = 0; i < n; i++) members.push(await signUp(first.app));
  return members;
}

/** Another instance's change, and one written with no event, is heard when the bus or its notification brings it. */
const HEARD = { timeout: 5_000, interval: 50 };
const whenHeard = (assertion: () => Promise<unknown>) => vi.waitFor(assertion, HEARD);

afterEach(() => {
  vi.useRealTimers();
});

describe('the kept community page', () => {
  it('equals the uncached page for every reader: member, expert, author, target, friend of a private author', async () => {
    const [expert, author, target, friend, other] = await crowd(5);
    const id = await community(expert, [author, target, friend, other]);
    await setUser(author, { privacySetting: PrivacySetting.PRIVATE });
    await befriend(author, friend);
    const plain = await postIn(author, id, { message: 'public' });
    await postIn(author, id, {
      message: 'for the target',
      privacy: PostPrivacy.PRIVATE,
      target_user_id: target.userId,
    });
    await pollIn(expert, id);
    const urgent = { message: 'urgent', urgency: Urgency.HIGH };
    const comment = { feed_id: plain.id, ...urgent };
    expect(
      (await call(first.app, 'createCommunityComment', { headers: expert.headers, body: comment }))
        .statusCode,
    ).toBe(200);
    expect((await highFive(first, other, id, plain.id)).statusCode).toBe(200);
    for (const reader of [other, expert, author, target, friend, other, expert]) {
      expect(await pageOf(reader, id)).toEqual(await uncached(reader, id));
    }
    const [asOther, asExpert, asTarget] = [
      await pageOf(other, id),
      await pageOf(expert, id),
      await pageOf(target, id),
    ];
    expect(asOther.community_feeds.map((p) => p.message)).not.toContain('for the target');
    expect(asTarget.community_feeds.map((p) => p.message)).toContain('for the target');
    expect(postIdOf(asExpert, plain.id)).toMatchObject({ num_comments: 1, urgency_comments: Urgency.HIGH });
    expect(postIdOf(asOther, plain.id)).toMatchObject({ num_comments: 0, urgency_comments: Urgency.NONE });
    expect(postIdOf(asOther, plain.id)?.high_fived).toBe(true);
    expect(postIdOf(asExpert, plain.id)?.high_fived).toBe(false);
  });

  it('keeps a wellbeing variant: the same page without public counts, for that reader only (decision 0044)', async () => {
    const [expert, plainReader, calmReader] = await crowd(3);
    const id = await community(expert, [plainReader, calmReader]);
    const post = await postIn(expert, id);
    await pollIn(expert, id);
    expect((await highFive(first, plainReader, id, post.id)).statusCode).toBe(200);
    expect((await pageOf(calmReader, id)).community_feeds.every((p) => 'high_fives' in p)).toBe(true);
    // Turned on after the reader's page was kept: the next read is the other variant, with no new post.
    const calmly = { headers: calmReader.headers, body: { wellbeing_mode: true } };
    expect((await call(first.app, 'updateUser', calmly)).statusCode).toBe(200);
    for (const reader of [plainReader, calmReader, plainReader, calmReader]) {
      expect(await pageOf(reader, id)).toEqual(await uncached(reader, id));
    }
    const calm = await pageOf(calmReader, id);
    for (const item of calm.community_feeds) {
      expect(item).not.toHaveProperty('high_fives');
      expect(item).not.toHaveProperty('rating');
    }
    expect(calm.community_feeds.find((p) => p.poll_data)?.poll_data).not.toHaveProperty('answers');
    expect(postIdOf(await pageOf(plainReader, id), post.id)).toMatchObject({ high_fives: 1 });
    // Another instance keeps its own window, and the same two variants.
    expect(postIdOf(await pageOf(calmReader, id, second), post.id)).not.toHaveProperty('high_fives');
    expect(postIdOf(await pageOf(plainReader, id, second), post.id)).toMatchObject({ high_fives: 1 });
  });

  it('refuses a member who left or was removed from a private community, not a kept page', async () => {
    const [expert, leaver, removed] = await crowd(3);
    const id = await community(expert, [leaver, removed], AccessType.PRIVATE);
    await postIn(expert, id);
    for (const member of [leaver, removed])
      expect((await pageOf(member, id)).community_feeds).toHaveLength(1);
    expect(
      (await call(second.app, 'leaveCommunity', { headers: leaver.headers, body: { id } })).statusCode,
    ).toBe(200);
    const remove = { headers: expert.headers, params: { id, userId: removed.userId } };
    expect((await call(second.app, 'removeCommunityMember', remove)).statusCode).toBe(200);
    for (const member of [leaver, removed]) {
      await whenHeard(async () => expect((await feedOf(member, id, first)).statusCode).toBe(404));
      expect((await feedOf(member, id, second)).statusCode).toBe(404);
    }
    expect((await pageOf(expert, id)).community_feeds).toHaveLength(1);
  });

  it('refuses an outsider once a public community is made private, though nothing else changed', async () => {
    const [expert, outsider] = await crowd(2);
    const id = await community(expert, []);
    await postIn(expert, id);
    expect((await pageOf(outsider, id)).community_feeds).toHaveLength(1);
    await first.deps.db
      .update(communities)
      .set({ accessType: AccessType.PRIVATE })
      .where(eq(communities.id, id));
    await whenHeard(async () => expect((await feedOf(outsider, id, second)).statusCode).toBe(404));
    await whenHeard(async () => expect((await feedOf(outsider, id, first)).statusCode).toBe(404));
  });

  it('drops a deleted post at once, deleted through this instance or another', async () => {
    const [expert, member] = await crowd(2);
    const id = await community(expert, [member]);
    const [a, b] = [await postIn(member, id, { message: 'a' }), await postIn(member, id, { message: 'b' })];
    expect((await pageOf(expert, id)).community_feeds.map((p) => p.id)).toEqual([b.id, a.id]);
    expect((await deletePost(second, member, id, b.id)).statusCode).toBe(200);
    await whenHeard(async () =>
      expect((await pageOf(expert, id)).community_feeds.map((p) => p.id)).toEqual([a.id]),
    );
    expect((await deletePost(first, expert, id, a.id)).statusCode).toBe(200);
    expect((await pageOf(expert, id)).community_feeds).toEqual([]);
  });

  it('goes gzipped once read again to a reader who accepts it, and drops a new post all the same', async () => {
    const [expert, member] = await crowd(2);
    const id = await community(expert, [member]);
    await postIn(member, id, { message: 'a long walk '.repeat(100) });
    const plain = await pageOf(expert, id);
    const gzipped = () =>
      call(first.app, 'communityFeeds', {
        headers: { ...expert.headers, ...ACCEPTS_GZIP },
        query: { community_id: id },
      });
    expect(await gzippedAgain(gzipped)).toEqual(plain);
    const next = await postIn(member, id, { message: 'b' });
    const res = await gzipped();
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().community_feeds[0].id).toBe(next.id);
  });

  it("lets a replaced window's pages go with it rather than keep them until the budget is full", async () => {
    const cache = first.deps.feedPages as CommunityPageCache;
    const [expert, member] = await crowd(2);
    const id = await community(expert, [member]);
    await postIn(member, id, { message: 'a' });
    const before = cache.keptPages();
    await pageOf(expert, id);
    await pageOf(member, id);
    expect(cache.keptPages()).toBe(before + 2);
    await postIn(member, id, { message: 'b' });
    expect((await pageOf(expert, id)).community_feeds).toHaveLength(2);
    // The first window's two pages went with it; the new window keeps the one page read since.
    expect(cache.keptPages()).toBe(before + 1);
  });

  it("shows a poll vote, a rating and a high five at once, the reader's own and others'", async () => {
    const [expert, voter, reader] = await crowd(3);
    const id = await community(expert, [voter, reader]);
    const poll = await pollIn(expert, id);
    const before = postIdOf(await pageOf(reader, id), poll.id);
    expect(before?.poll_data).toMatchObject({ answers: [[], []], my_answer: null });
    const answer = (user: TestUser, ctx: TestContext) =>
      call(ctx.app, 'answerCommunityPoll', {
        headers: user.headers,
        params: { id, feedId: poll.id },
        body: { answerIndex: 1 },
      });
    expect((await answer(voter, second)).statusCode).toBe(200);
    await whenHeard(async () =>
      expect(postIdOf(await pageOf(reader, id), poll.id)?.poll_data).toMatchObject({
        answers: [[], [{ user_id: voter.userId }]],
        my_answer: null,
      }),
    );
    expect(postIdOf(await pageOf(voter, id), poll.id)?.poll_data?.my_answer).toBe(1);
    expect((await answer(reader, first)).statusCode).toBe(200);
    expect(postIdOf(await pageOf(reader, id), poll.id)?.poll_data?.my_answer).toBe(1);

    const rate = await call(second.app, 'rateCommunityPost', {
      headers: voter.headers,
      params: { id, feedId: poll.id },
      body: { rating: 4 },
    });
    expect(rate.statusCode).toBe(200);
    await whenHeard(async () =>
      expect(postIdOf(await pageOf(reader, id), poll.id)).toMatchObject({ rating: 4, rated: null }),
    );
    expect(postIdOf(await pageOf(voter, id), poll.id)).toMatchObject({ rating: 4, rated: 4 });
    expect((await highFive(second, reader, id, poll.id)).statusCode).toBe(200);
    await whenHeard(async () =>
      expect(postIdOf(await pageOf(reader, id), poll.id)).toMatchObject({ high_fives: 1, high_fived: true }),
    );
    expect(postIdOf(await pageOf(voter, id), poll.id)).toMatchObject({ high_fives: 1, high_fived: false });
  });

  it('shows a new comment count and a comment made urgent at once, to experts and members as each may see', async () => {
    const [expert, author, member] = await crowd(3);
    const id = await community(expert, [author, member]);
    const post = await postIn(author, id);
    const counts = async (user: TestUser) => {
      const p = postIdOf(await pageOf(user, id), post.id);
      return [p?.num_comments, p?.urgency_comments];
    };
    // Neither reader is shown on the page: only their role tells their pages apart.
    expect(await counts(member)).toEqual([0, Urgency.NONE]);
    const comment = await call(second.app, 'createCommunityComment', {
      headers: author.headers,
      body: { feed_id: post.id, message: 'c' },
    });
    expect(comment.statusCode).toBe(200);
    await whenHeard(async () => expect(await counts(member)).toEqual([1, Urgency.NONE]));
    expect(await counts(expert)).toEqual([1, Urgency.NONE]);
    const params = { id, feedId: post.id, commentId: comment.json().id };
    const urgent = { headers: expert.headers, params, body: { urgency: Urgency.HIGH } };
    expect((await call(second.app, 'editCommunityComment', urgent)).statusCode).toBe(200);
    await whenHeard(async () => expect(await counts(expert)).toEqual([1, Urgency.HIGH]));
    expect(await counts(member)).toEqual([0, Urgency.NONE]);
    expect(await counts(expert)).toEqual([1, Urgency.HIGH]);
    expect(await counts(member)).toEqual([0, Urgency.NONE]);
  });

  it("shows an author's new name, picture and privacy at once, even written with no event", async () => {
    const [expert, author, friend, other] = await crowd(4);
    const id = await community(expert, [author, friend, other]);
    await befriend(author, friend);
    const post = await postIn(author, id);
    const face = async (user: TestUser) => postIdOf(await pageOf(user, id), post.id);
    expect((await face(other))?.persona_image).not.toBeNull();
    const persona = { type: 1, value: 'female' };
    const newFace = { headers: author.headers, body: { persona_image: persona } };
    expect((await call(second.app, 'updateUser', newFace)).statusCode).toBe(200);
    await whenHeard(async () => expect((await face(other))?.persona_image).toEqual(persona));
    // Straight into the database: no event on any stream, only the faces' digest moves.
    const username = `renamed${author.userId}`;
    await setUser(author, { username });
    await whenHeard(async () => expect((await face(other))?.author_screen_name).toBe(username));
    await setUser(author, { privacySetting: PrivacySetting.PRIVATE });
    await whenHeard(async () => expect((await face(other))?.persona_image).toBeNull());
    expect((await face(friend))?.persona_image).toEqual(persona);
    const unfriended = await call(second.app, 'unfriend', {
      headers: author.headers,
      query: { user_id: friend.userId },
    });
    expect(unfriended.statusCode).toBe(200);
    await whenHeard(async () => expect((await face(friend))?.persona_image).toBeNull());
  });

  it('shows a poll as expired once its time has passed, though nothing was written', async () => {
    const [expert, member] = await crowd(2);
    const id = await community(expert, [member]);
    const poll = await pollIn(expert, id, 60_000);
    expect(postIdOf(await pageOf(member, id), poll.id)?.poll_data?.expired).toBe(false);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 120_000);
    expect(postIdOf(await pageOf(member, id), poll.id)?.poll_data?.expired).toBe(true);
  });

  it('pages a reader with more private posts than a window holds as the uncached read does', async () => {
    const [expert, author, target, other] = await crowd(4);
    const id = await community(expert, [author, target, other]);
    const row = { communityId: id, authorId: author.userId, message: 'p', privacy: PostPrivacy.PUBLIC };
    await first.deps.db.insert(posts).values(Array.from({ length: 30 }, () => row));
    const secret = { ...row, privacy: PostPrivacy.PRIVATE, targetUserId: target.userId };
    await first.deps.db.insert(posts).values(Array.from({ length: 120 }, () => secret));
    for (const reader of [other, target, author, expert]) {
      const page = await pageOf(reader, id);
      expect(page).toEqual(await uncached(reader, id));
      expect(page.community_feeds).toHaveLength(25);
      expect(page.older_key).not.toBeNull();
    }
    expect((await pageOf(other, id)).community_feeds.every((p) => p.privacy === PostPrivacy.PUBLIC)).toBe(
      true,
    );
  });

  it('answers a feed shorter than a page without an older key, private posts counted per reader', async () => {
    const [expert, target, other] = await crowd(3);
    const id = await community(expert, [target, other]);
    for (let i = 0; i < 24; i++)
      await first.deps.db.insert(posts).values({ communityId: id, authorId: expert.userId });
    await postIn(expert, id, { privacy: PostPrivacy.PRIVATE, target_user_id: target.userId });
    await postIn(expert, id, { privacy: PostPrivacy.PRIVATE, target_user_id: target.userId });
    for (const reader of [other, target, expert])
      expect(await pageOf(reader, id)).toEqual(await uncached(reader, id));
    expect(await pageOf(other, id)).toMatchObject({ older_key: null });
    expect((await pageOf(other, id)).community_feeds).toHaveLength(24);
    expect((await pageOf(target, id)).older_key).not.toBeNull();
  });
});

describe('a kept page served with no statement while heard (decision 0078)', () => {
  const cache = first.deps.feedPages as CommunityPageCache;

  /**
   * Reads until a read is served as kept: a notification of an earlier test's write may start a new hearing.
   */
  async function servedAsKept(read: () => Promise<unknown>) {
    await whenHeard(async () => {
      const hits = cache.counts.hits;
      await read();
      expect(cache.counts.hits).toBe(hits + 1);
    });
  }

  it("hears the reader's own change at once: a friendship shows a private author's persona", async () => {
    const [expert, author, reader] = await crowd(3);
    const id = await community(expert, [author, reader]);
    await setUser(author, { privacySetting: PrivacySetting.PRIVATE });
    const post = await postIn(author, id);
    const persona = async () => postIdOf(await pageOf(reader, id), post.id)?.persona_image;
    await servedAsKept(async () => expect(await persona()).toBeNull());
    for (const [from, to] of [
      [reader, author],
      [author, reader],
    ]) {
      const asked = await call(first.app, 'friendRequest', {
        headers: from.headers,
        body: { user_id: to.userId },
      });
      expect(asked.statusCode).toBe(200);
    }
    // No wait: the friendship's events, on the reader's stream, were heard before the answer came.
    expect(await persona()).not.toBeNull();
    await servedAsKept(async () => expect(await persona()).not.toBeNull());
  });

  it('reads a changed window once for the readers who find it stale together, each shown the change', async () => {
    const [owner, ...readers] = await crowd(12);
    const id = await community(owner, readers);
    await postIn(owner, id, { message: 'first' });
    await Promise.all(readers.map((reader) => pageOf(reader, id)));
    const second = await postIn(owner, id, { message: 'second' });
    const windowsBefore = cache.windowsRead;
    const pages = await Promise.all(readers.map((reader) => pageOf(reader, id)));
    expect(pages.map((page) => page.community_feeds[0].id)).toEqual(readers.map(() => second.id));
    // One read, or two where a reader's check came after the first read had begun.
    expect(cache.windowsRead - windowsBefore).toBeGreaterThan(0);
    expect(cache.windowsRead - windowsBefore).toBeLessThanOrEqual(2);
  });

  it("hears the community's change at once: a new post, then the reader's role", async () => {
    const [expert, member] = await crowd(2);
    const id = await community(expert, [member]);
    const post = await postIn(expert, id, { message: 'first' });
    const comment = await call(first.app, 'createCommunityComment', {
      headers: expert.headers,
      body: { feed_id: post.id, message: 'c' },
    });
    expect(comment.statusCode).toBe(200);
    const params = { id, feedId: post.id, commentId: comment.json().id };
    const urgent = { headers: expert.headers, params, body: { urgency: Urgency.HIGH } };
    expect((await call(first.app, 'editCommunityComment', urgent)).statusCode).toBe(200);
    const page = () => pageOf(member, id);
    await servedAsKept(page);
    const next = await postIn(expert, id, { message: 'second' });
    expect((await page()).community_feeds[0].id).toBe(next.id);
    // Urgent comments are counted for experts alone.
    const counts = async () => {
      const p = postIdOf(await page(), post.id);
      return [p?.num_comments, p?.urgency_comments];
    };
    await servedAsKept(async () => expect(await counts()).toEqual([0, Urgency.NONE]));
    const appoint = { headers: expert.headers, params: { id, userId: member.userId } };
    expect((await call(first.app, 'appointCommunityExpert', appoint)).statusCode).toBe(200);
    expect(await counts()).toEqual([1, Urgency.HIGH]);
  });
});
