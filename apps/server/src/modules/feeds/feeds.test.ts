import {
  AccessType,
  type CommunityPostBody,
  EventType,
  type FeedFilters,
  PostType,
  TagContext,
  UnitPreference,
  type UserPostBody,
} from '@orbit/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { posts } from '../../db/schema';
import { call } from '../../test/call';
import { feedFixtures } from '../../test/feeds';
import { createTestApp, signUp, type TestUser } from '../../test/harness';

const ctx = await createTestApp();
const { app, deps } = ctx;
const { befriend, community, setUser, eventsOf, lastSeq } = feedFixtures(ctx);

const postOn = (author: TestUser, owner: TestUser, body: Partial<UserPostBody> = {}) =>
  call(app, 'createUserPost', {
    headers: author.headers,
    body: { message: 'hello', owner_user_id: owner.userId, ...body },
  });
const postIn = (author: TestUser, communityId: number, body: Partial<CommunityPostBody> = {}) =>
  call(app, 'createCommunityPost', {
    headers: author.headers,
    body: { message: 'hello', community_id: communityId, ...body },
  });
const userFeed = (viewer: TestUser, owner: TestUser, query: FeedFilters = {}) =>
  call(app, 'userFeeds', { headers: viewer.headers, query: { user_id: owner.userId, ...query } });
const communityFeed = (viewer: TestUser, id: number) =>
  call(app, 'communityFeeds', { headers: viewer.headers, query: { community_id: id } });
const userPost = (viewer: TestUser, id: number) =>
  call(app, 'userPost', { headers: viewer.headers, params: { id } });
const communityPost = (viewer: TestUser, id: number) =>
  call(app, 'communityPost', { headers: viewer.headers, params: { id } });

describe('user feeds', () => {
  it('the member and their friends read and write it; strangers are refused', async () => {
    const [owner, friend, stranger] = [await signUp(app), await signUp(app), await signUp(app)];
    await befriend(owner, friend);
    const own = await postOn(owner, owner, { message: '  first  ' });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      user_feed_id: own.json().id,
      community_feed_id: null,
      message: 'first',
    });
    expect((await postOn(friend, owner, { message: 'second' })).statusCode).toBe(200);
    const refused = await postOn(stranger, owner);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('not_friends');

    const page = (await userFeed(friend, owner)).json();
    expect(page.user_feeds.map((p) => p.message)).toEqual(['second', 'first']);
    expect(page.older_key).toBeNull();
    expect((await userFeed(stranger, owner)).statusCode).toBe(403);
    expect((await userPost(stranger, own.json().id)).statusCode).toBe(404);
    expect((await userPost(friend, own.json().id)).json().message).toBe('first');
    // Without user_id the caller's own feed.
    expect((await call(app, 'userFeeds', { headers: owner.headers })).json().user_feeds).toHaveLength(2);
  });

  it('refuses an empty message and one over 10000 characters', async () => {
    const owner = await signUp(app);
    const empty = await postOn(owner, owner, { message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('empty_message');
    const long = await postOn(owner, owner, { message: 'x'.repeat(10001) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ error: 'message_too_long', message: 'Exceeded 10000 character limit' });
    expect((await postOn(owner, owner, { message: ` ${'x'.repeat(10000)} ` })).statusCode).toBe(200);
  });

  it('pages 25 newest first with older and newer keys; an unreadable key is a 400', async () => {
    const owner = await signUp(app);
    await deps.db.insert(posts).values(
      Array.from({ length: 27 }, (_, i) => ({
        ownerUserId: owner.userId,
        authorId: owner.userId,
        message: `m${i}`,
      })),
    );
    const first = (await userFeed(owner, owner)).json();
    expect(first.user_feeds).toHaveLength(25);
    expect(first.user_feeds[0].message).toBe('m26');
    expect(first.newer_key).toBeNull();
    const second = (await userFeed(owner, owner, { page_key: String(first.older_key) })).json();
    expect(second.user_feeds.map((p) => p.message)).toEqual(['m1', 'm0']);
    expect(second.older_key).toBeNull();
    const back = (await userFeed(owner, owner, { page_key: String(second.newer_key) })).json();
    expect(back.user_feeds[0].message).toBe('m26');
    expect(back.user_feeds).toHaveLength(25);
    for (const key of ['null', 'undefined', 'eyJ4IjoxfQ']) {
      const bad = await userFeed(owner, owner, { page_key: key });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe('invalid_page_key');
    }
    const lastId = first.user_feeds[24].id;
    const byLastPost = (await userFeed(owner, owner, { last_post_id: lastId })).json();
    expect(byLastPost.user_feeds.map((p) => p.message)).toEqual(['m1', 'm0']);
    expect((await userFeed(owner, owner, { last_index: 25 })).json().user_feeds).toHaveLength(2);
  });

  it('applies the type, date and activity filters', async () => {
    const owner = await signUp(app);
    const activity = (activity_type: number, session: number, app_id: number, kind: number) => ({
      activity_name: 'Walk',
      activity_type,
      activity_session_type: session,
      session_kind: kind,
      activity_time: '2026-01-02T10:00:00.000Z',
      duration: 60000,
      calories: 10,
      steps: 100,
      distance: 1,
      distance_unit: 'km' as const,
      bg_app_id: app_id,
    });
    const base = { ownerUserId: owner.userId, authorId: owner.userId };
    await deps.db.insert(posts).values([
      { ...base, message: 'old', createdAt: new Date('2026-01-01T15:00:00Z') },
      { ...base, message: 'a', type: PostType.SYSTEM_ACTIVITY, activity: activity(1, 10, 2, 1) },
      { ...base, message: 'b', type: PostType.SYSTEM_ACTIVITY, activity: activity(2, 11, 3, 2) },
    ]);
    const messages = async (query: FeedFilters) =>
      (await userFeed(owner, owner, query)).json().user_feeds.map((p) => p.message);
    expect(await messages({ type: 2 })).toEqual(['b', 'a']);
    expect(await messages({ type: 3 })).toEqual(['b', 'a', 'old']);
    expect(await messages({ activity_type: 1 })).toEqual(['a']);
    expect(await messages({ session_type: 11 })).toEqual(['b']);
    expect(await messages({ session_kind: 1 })).toEqual(['a']);
    expect(await messages({ bg_app_id: 3 })).toEqual(['b']);
    // 15:00 UTC is 10:00 on Jan 1 in New York, the member's timezone.
    expect(await messages({ date: '2026-01-01' })).toEqual(['old']);
    expect(await messages({ start_date: '2026-01-01', end_date: '2026-01-01' })).toEqual(['old']);
    expect(await messages({ start_date: '2026-01-02' })).toEqual(['b', 'a']);
  });

  it('presents an activity in the viewer unit, with strokes for session type 69', async () => {
    const [owner, friend] = [await signUp(app), await signUp(app)];
    await befriend(owner, friend);
    await setUser(friend, { unitPreference: 2 });
    await deps.db.insert(posts).values({
      ownerUserId: owner.userId,
      authorId: owner.userId,
      type: PostType.SYSTEM_ACTIVITY,
      activity: {
        activity_name: 'Swim',
        activity_type: 3,
        activity_session_type: 69,
        activity_time: '2026-01-02T10:00:00.000Z',
        duration: 1800000,
        calories: 950,
        steps: 600,
        distance: 1.23456,
        distance_unit: 'mile',
        bg_app_id: 2,
      },
    });
    const miles = (await userFeed(owner, owner)).json().user_feeds[0].activity;
    expect(miles).toMatchObject({
      distance: 1.23,
      distance_unit: 'mile',
      steps: null,
      strokes: 600,
      calories: 950,
    });
    expect(miles?.app).toEqual({ id: 2, name: 'GojiMove' });
    const km = (await userFeed(friend, owner)).json().user_feeds[0].activity;
    expect(km).toMatchObject({ distance: 1.99, distance_unit: 'km', duration: 1800000 });
  });

  it('shows an anonymous author under the alias and avatar, with the id only to the author', async () => {
    const [owner, friend] = [await signUp(app), await signUp(app)];
    await befriend(owner, friend);
    await setUser(owner, { alias: 'quietfox', avatarImage: 'av7' });
    const id = (await postOn(owner, owner, { identity_type: 3 })).json().id;
    const seen = (await userPost(friend, id)).json();
    expect(seen).toMatchObject({
      author_user_id: null,
      author_screen_name: 'quietfox',
      author_avatar_image: 'av7',
      author_avatar_image_url: '/api/v3/avatars/av7.png',
      persona_image: null,
      author_profile_available: false,
      is_own: false,
    });
    expect(JSON.stringify(seen)).not.toContain(owner.username);
    const own = (await userPost(owner, id)).json();
    expect(own).toMatchObject({ author_user_id: owner.userId, is_own: true, may_edit: true });
    const event = (await eventsOf(friend)).find((e) => e.type === EventType.USER_POST);
    expect(event?.data).toMatchObject({ author_user_id: null, author_screen_name: 'quietfox' });
  });

  it('private posts need a target of the feed and are seen by author and target only', async () => {
    const [owner, author, target, other] = [
      await signUp(app),
      await signUp(app),
      await signUp(app),
      await signUp(app),
    ];
    for (const m of [author, target, other]) await befriend(owner, m);
    const noTarget = await postOn(author, owner, { privacy: 2 });
    expect(noTarget.json().error).toBe('target_required');
    const stranger = await signUp(app);
    expect((await postOn(author, owner, { privacy: 2, target_user_id: stranger.userId })).json().error).toBe(
      'invalid_target',
    );
    expect((await postOn(author, owner, { privacy: 2, target_user_id: author.userId })).json().error).toBe(
      'invalid_target',
    );
    const since = { owner: await lastSeq(owner), other: await lastSeq(other), target: await lastSeq(target) };
    const created = await postOn(author, owner, { privacy: 2, target_user_id: target.userId });
    expect(created.json()).toMatchObject({
      privacy: 2,
      target_user_id: target.userId,
      target_user_screen_name: target.username,
    });
    const id = created.json().id;
    expect((await userPost(target, id)).statusCode).toBe(200);
    for (const m of [owner, other]) {
      expect((await userPost(m, id)).statusCode).toBe(404);
      expect((await userFeed(m, owner)).json().user_feeds).toEqual([]);
    }
    expect((await userFeed(target, owner)).json().user_feeds).toHaveLength(1);
    expect(await eventsOf(owner, since.owner)).toEqual([]);
    expect(await eventsOf(other, since.other)).toEqual([]);
    expect((await eventsOf(target, since.target)).map((e) => e.subtype)).toEqual(['NEW']);
  });

  it('authors edit; authors and the feed owner delete; others are refused', async () => {
    const [owner, author, friend] = [await signUp(app), await signUp(app), await signUp(app)];
    await befriend(owner, author);
    await befriend(owner, friend);
    const id = (await postOn(author, owner)).json().id;
    const edit = (user: TestUser, message = 'edited') =>
      call(app, 'editUserPost', { headers: user.headers, params: { id }, body: { message } });
    const remove = (user: TestUser, postId = id) =>
      call(app, 'deleteUserPost', { headers: user.headers, params: { id: postId } });
    expect((await edit(owner)).statusCode).toBe(403);
    expect((await edit(author)).json()).toMatchObject({ message: 'edited' });
    expect((await edit(author, ' ')).statusCode).toBe(400);
    expect((await remove(friend)).statusCode).toBe(403);
    expect((await remove(owner)).json()).toEqual({ ok: true });
    expect((await userPost(author, id)).statusCode).toBe(404);
    const second = (await postOn(author, owner)).json().id;
    expect((await remove(author, second)).statusCode).toBe(200);
  });
});

describe('community feeds', () => {
  it('members post; non-members are refused; a private community is hidden from outsiders', async () => {
    const [expert, member, outsider] = [await signUp(app), await signUp(app), await signUp(app)];
    const open = await community(expert, [member]);
    const closed = await community(expert, [member], AccessType.PRIVATE);
    const created = await postIn(member, open);
    expect(created.json()).toMatchObject({
      community_feed_id: created.json().id,
      community_id: open,
      user_feed_id: null,
    });
    const refused = await postIn(outsider, open);
    expect(refused.statusCode).toBe(403);
    expect((await communityFeed(outsider, open)).json().community_feeds).toHaveLength(1);
    expect((await postIn(member, closed)).statusCode).toBe(200);
    expect((await communityFeed(outsider, closed)).statusCode).toBe(404);
    expect((await communityFeed(member, closed)).json().community_feeds).toHaveLength(1);
    // A community post is not a user-feed post.
    expect((await userPost(member, created.json().id)).statusCode).toBe(404);
    expect((await communityPost(member, created.json().id)).statusCode).toBe(200);
  });

  it('authors edit; authors and experts delete; other members are refused', async () => {
    const [expert, author, member] = [await signUp(app), await signUp(app), await signUp(app)];
    const id = await community(expert, [author, member]);
    const post = (await postIn(author, id)).json();
    expect(post).toMatchObject({ may_edit: true, may_delete: true });
    expect((await communityPost(expert, post.id)).json()).toMatchObject({
      may_edit: false,
      may_delete: true,
    });
    const params = { id, feedId: post.id };
    const edit = (user: TestUser, message: string) =>
      call(app, 'editCommunityPost', { headers: user.headers, params, body: { message } });
    const remove = (user: TestUser, communityId = id) =>
      call(app, 'deleteCommunityPost', { headers: user.headers, params: { ...params, id: communityId } });
    expect((await edit(expert, 'no')).statusCode).toBe(403);
    expect((await edit(author, 'yes')).json().message).toBe('yes');
    expect((await remove(member)).statusCode).toBe(403);
    expect((await remove(author, id + 1000)).statusCode).toBe(404);
    expect((await remove(expert)).statusCode).toBe(200);
  });

  it('a private community post reaches author and target only, experts included', async () => {
    const [expert, author, target] = [await signUp(app), await signUp(app), await signUp(app)];
    const id = await community(expert, [author, target]);
    const post = (await postIn(author, id, { privacy: 2, target_user_id: target.userId })).json();
    expect((await communityPost(expert, post.id)).statusCode).toBe(404);
    expect((await communityFeed(expert, id)).json().community_feeds).toEqual([]);
    expect((await communityFeed(target, id)).json().community_feeds).toHaveLength(1);
  });

  it('delivers NEW, UPDATE and DELETE to members only, public communities too', async () => {
    const [expert, member, outsider] = [await signUp(app), await signUp(app), await signUp(app)];
    const id = await community(expert, [member]);
    const since = await lastSeq(member);
    const post = (await postIn(expert, id)).json();
    const params = { id, feedId: post.id };
    await call(app, 'editCommunityPost', { headers: expert.headers, params, body: { message: 'changed' } });
    await call(app, 'deleteCommunityPost', { headers: expert.headers, params });
    const received = (await eventsOf(member, since)).filter((e) => e.type === EventType.COMMUNITY_POST);
    expect(received.map((e) => [e.type, e.subtype])).toEqual([
      ['COMMUNITY_POST', 'NEW'],
      ['COMMUNITY_POST', 'UPDATE'],
      ['COMMUNITY_POST', 'DELETE'],
    ]);
    const { may_delete, may_edit, is_own, author_profile_available, ...shared } = post;
    expect(received[0]?.data).toMatchObject({ ...shared, may_delete: false, may_edit: false, is_own: false });
    expect(received[0]?.data).toMatchObject({ author_profile_available: true });
    expect((await eventsOf(outsider)).filter((e) => e.type === EventType.COMMUNITY_POST)).toEqual([]);
  });
});

describe('@tags, tags and reactions', () => {
  it('a @tag must name a member of the feed written in the message; the hook hears the newly tagged', async () => {
    const [expert, member, outsider] = [await signUp(app), await signUp(app), await signUp(app)];
    const id = await community(expert, [member]);
    const heard: number[][] = [];
    const wired = deps.hooks.membersTagged;
    deps.hooks.membersTagged = async (work, post, ids) => {
      heard.push(ids);
      await wired(work, post, ids);
    };
    try {
      const unnamed = await postIn(expert, id, { message: 'hi all', tagged_users: [member.userId] });
      expect(unnamed.json().error).toBe('invalid_tag');
      const notMember = await postIn(expert, id, {
        message: `hi @${outsider.username}`,
        tagged_users: [outsider.userId],
      });
      expect(notMember.json().error).toBe('invalid_tag');
      const prefix = await postIn(expert, id, {
        message: `hi @${member.username}x`,
        tagged_users: [member.userId],
      });
      expect(prefix.json().error).toBe('invalid_tag');
      const ok = await postIn(expert, id, {
        message: `hi @${member.username.toUpperCase()}!`,
        tagged_users: [member.userId],
      });
      expect(ok.json().tagged_users).toEqual([member.userId]);
      expect(heard).toEqual([[member.userId]]);
    } finally {
      deps.hooks.membersTagged = wired;
    }
  });

  it('post tags: author or expert; blank and repeated ignored; at most 280; remembered as prior tags', async () => {
    const [expert, author, member] = [await signUp(app), await signUp(app), await signUp(app)];
    const id = await community(expert, [author, member]);
    const post = (await postIn(author, id)).json();
    const tag = (user: TestUser, tags: string[]) =>
      call(app, 'tagCommunityPost', {
        headers: user.headers,
        params: { id, feedId: post.id },
        body: { tags },
      });
    const priorTags = (user: TestUser, context: TagContext) =>
      call(app, 'priorTags', { headers: user.headers, query: { context } });
    const tagged = await tag(author, [' run ', '', 'Run', 'walk']);
    expect(tagged.json().tags).toEqual(['run', 'walk']);
    expect((await tag(member, ['x'])).statusCode).toBe(403);
    expect((await tag(expert, ['swim'])).json().tags).toEqual(['swim']);
    const long = await tag(author, ['x'.repeat(281)]);
    expect(long.json().error).toBe('tag_too_long');
    const prior = await priorTags(author, TagContext.COMMUNITY_POST);
    expect(prior.json().tags).toEqual(expect.arrayContaining(['run', 'walk']));
    const own = await signUp(app);
    const ownPost = (await postOn(own, own)).json();
    await call(app, 'tagUserPost', {
      headers: own.headers,
      params: { id: ownPost.id },
      body: { tags: ['mine'] },
    });
    expect((await priorTags(own, TagContext.USER_POST)).json().tags).toEqual(['mine']);
  });

  it('rate 1..5 once per member; high five toggles; only members react in a community', async () => {
    const [expert, member, outsider] = [await signUp(app), await signUp(app), await signUp(app)];
    const id = await community(expert, [member]);
    const post = (await postIn(expert, id)).json();
    const params = { id, feedId: post.id };
    const rate = (user: TestUser, rating: number) =>
      call(app, 'rateCommunityPost', { headers: user.headers, params, body: { rating } });
    const highFive = (user: TestUser) =>
      call(app, 'highFiveCommunityPost', { headers: user.headers, params });
    expect((await rate(member, 4)).json()).toMatchObject({ rating: 4, rated: 4 });
    expect((await rate(member, 2)).json()).toMatchObject({ rating: 2, rated: 2 });
    expect((await rate(expert, 5)).json()).toMatchObject({ rating: 3.5, rated: 5 });
    expect((await rate(member, 6)).statusCode).toBe(400);
    expect((await highFive(member)).json()).toMatchObject({ high_fives: 1, high_fived: true });
    expect((await highFive(expert)).json()).toMatchObject({ high_fives: 2, high_fived: true });
    expect((await highFive(member)).json()).toMatchObject({ high_fives: 1, high_fived: false });
    expect((await highFive(outsider)).statusCode).toBe(403);
    expect((await rate(outsider, 3)).statusCode).toBe(403);
    const [row] = await deps.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row?.id).toBe(post.id);
  });
});

describe('a post presented once per viewer class (decision 0063)', () => {
  it('sends every member the post exactly as they read it, whatever class they share with others', async () => {
    const [expert, author, friend, rater, fiver, calm, metric, plain, other] = await Promise.all(
      Array.from({ length: 9 }, () => signUp(app)),
    );
    const members = [author, friend, rater, fiver, calm, metric, plain, other];
    const id = await community(expert, members);
    await befriend(author, friend);
    await setUser(calm, { wellbeingMode: true });
    await setUser(metric, { unitPreference: UnitPreference.METRIC });
    const post = (await postIn(author, id)).json();
    const params = { id, feedId: post.id };
    await call(app, 'rateCommunityPost', { headers: rater.headers, params, body: { rating: 4 } });
    await call(app, 'highFiveCommunityPost', { headers: fiver.headers, params });
    const everyone = [expert, ...members];
    const marks = await Promise.all(everyone.map((member) => lastSeq(member)));

    await call(app, 'editCommunityPost', { headers: author.headers, params, body: { message: 'changed' } });

    for (const [n, member] of everyone.entries()) {
      const update = (await eventsOf(member, marks[n])).find((e) => e.type === EventType.COMMUNITY_POST);
      const read = (await communityPost(member, post.id)).json();
      expect(update?.data, `member ${n}`).toEqual(read);
    }
    const reads = await Promise.all(
      everyone.map(async (member) => (await communityPost(member, post.id)).json()),
    );
    // The classes are real: the rater, the high-fiver, the calm member and the expert each read it their way.
    expect(new Set(reads.map((read) => JSON.stringify(read))).size).toBeGreaterThanOrEqual(5);
  });
});
