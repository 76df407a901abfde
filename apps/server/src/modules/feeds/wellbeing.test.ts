import { type EndpointName, type FeedPost, PostType } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { type Called, call } from '../../test/call';
import { feedFixtures } from '../../test/feeds';
import { createTestApp, signUp, type TestUser } from '../../test/harness';
import { startingNow } from '../../test/sessions';

/** Wellbeing mode (decision 0044): public counts and rankings are left out for that member, and only them. */
const ctx = await createTestApp();
const { app } = ctx;
const { community, eventsOf } = feedFixtures(ctx);

const ok = async <N extends EndpointName>(pending: Promise<Called<N>>) => {
  const res = await pending;
  expect([200, 201], res.body).toContain(res.statusCode);
  return res.json();
};
const resting = async () => {
  const user = await signUp(app);
  await ok(call(app, 'updateUser', { headers: user.headers, body: { wellbeing_mode: true } }));
  return user;
};

async function club() {
  const [expert, member, calm] = [await signUp(app), await signUp(app), await resting()];
  return { expert, member, calm, id: await community(expert, [member, calm]) };
}

const feedOf = async (user: TestUser, id: number) =>
  (await ok(call(app, 'communityFeeds', { headers: user.headers, query: { community_id: id } })))
    .community_feeds;

describe('wellbeing mode', () => {
  it('leaves high fives and ratings out of posts, in the feed, the single read, answers and events', async () => {
    const { expert, member, calm, id } = await club();
    const post = await ok(
      call(app, 'createCommunityPost', {
        headers: expert.headers,
        body: { message: 'hi', community_id: id },
      }),
    );
    const params = { id, feedId: post.id };
    const highFive = (user: TestUser) =>
      ok(call(app, 'highFiveCommunityPost', { headers: user.headers, params }));
    const rate = (user: TestUser, rating: number) =>
      ok(call(app, 'rateCommunityPost', { headers: user.headers, params, body: { rating } }));
    await highFive(member);
    await rate(member, 4);
    const [seen] = await feedOf(member, id);
    expect(seen).toMatchObject({ high_fives: 1, rating: 4 });
    const [calmly] = await feedOf(calm, id);
    expect(calmly).not.toHaveProperty('high_fives');
    expect(calmly).not.toHaveProperty('rating');
    // Their own reactions stay theirs to see.
    const answered = await highFive(calm);
    expect(answered).toMatchObject({ high_fived: true });
    expect(answered).not.toHaveProperty('high_fives');
    const rated = await rate(calm, 5);
    expect(rated).toMatchObject({ rated: 5 });
    expect(rated).not.toHaveProperty('rating');
    const calmEvents = (await eventsOf(calm)).map((e) => e.data as FeedPost).filter((d) => d.id === post.id);
    expect(calmEvents.length).toBeGreaterThan(0);
    for (const data of calmEvents) expect(data).not.toHaveProperty('high_fives');
    const memberEvents = (await eventsOf(member))
      .map((e) => e.data as FeedPost)
      .filter((d) => d.id === post.id);
    expect(memberEvents.at(-1)).toMatchObject({ high_fives: 2, rating: 4.5 });
  });

  it('leaves poll votes out until the member has voted', async () => {
    const { expert, member, calm, id } = await club();
    const expiration_date = new Date(Date.now() + 86_400_000).toISOString();
    const poll = await ok(
      call(app, 'createCommunityPoll', {
        headers: expert.headers,
        params: { id },
        body: { question: 'Walk?', options: ['Yes', 'No'], expiration_date },
      }),
    );
    expect(poll.type).toBe(PostType.POLL);
    const answer = (user: TestUser, answerIndex: number) =>
      ok(
        call(app, 'answerCommunityPoll', {
          headers: user.headers,
          params: { id, feedId: poll.id },
          body: { answerIndex },
        }),
      );
    await answer(member, 0);
    const [before] = await feedOf(calm, id);
    expect(before.poll_data).not.toHaveProperty('answers');
    expect(before.poll_data).toMatchObject({ my_answer: null, options: ['Yes', 'No'] });
    expect((await feedOf(member, id))[0].poll_data?.answers).toEqual([[{ user_id: member.userId }], []]);
    const voted = await answer(calm, 1);
    expect(voted.poll_data).toMatchObject({
      answers: [[{ user_id: member.userId }], [{ user_id: calm.userId }]],
      my_answer: 1,
    });
  });

  it("leaves a community's members count out", async () => {
    const { member, calm, id } = await club();
    const read = (user: TestUser) => ok(call(app, 'community', { headers: user.headers, params: { id } }));
    expect(await read(member)).toMatchObject({ members_count: 3 });
    expect(await read(calm)).not.toHaveProperty('members_count');
  });

  it("leaves the others' rank and score out of a leaderboard, by name, keeping the member's own", async () => {
    const { expert, member, calm, id } = await club();
    const session = (user: TestUser, minutes: number) =>
      ok(
        call(app, 'logActivity', {
          headers: user.headers,
          body: {
            activity_type: 1,
            start: startingNow(),
            duration_ms: minutes * 60 * 1000,
          },
        }),
      );
    await session(expert, 50);
    await session(member, 40);
    await session(calm, 30);
    const leaderboard = (user: TestUser) =>
      ok(call(app, 'leaderboard', { headers: user.headers, query: { community_id: id } }));
    const plain = await leaderboard(member);
    expect(plain.scores.map((s) => s.rank)).toEqual([2, 1, 3]);
    const board = await leaderboard(calm);
    const [mine, ...others] = board.scores;
    expect(mine).toMatchObject({ is_me: true, rank: 3, score: 30 * 60 * 1000 });
    expect(others.map((s) => s.user_id).sort()).toEqual([expert.userId, member.userId].sort());
    for (const other of others) {
      expect(other).not.toHaveProperty('rank');
      expect(other).not.toHaveProperty('score');
    }
    const names = others.map((s) => s.identity.screen_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});
