import { type FeedPost, type LeaderboardResponse, PostType } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { feedFixtures } from '../../test/feeds';
import { createTestApp, signUp, type TestUser } from '../../test/harness';

/** Wellbeing mode (decision 0044): public counts and rankings are left out for that member, and only them. */
const ctx = await createTestApp();
const { app } = ctx;
const { community, eventsOf } = feedFixtures(ctx);

type Method = 'GET' | 'POST' | 'PUT';
const call = (user: TestUser, method: Method, url: string, payload?: object) =>
  app.inject({ method, url: `/api/${url}`, headers: user.headers, payload });
const ok = async (user: TestUser, method: Method, url: string, payload?: object) => {
  const res = await call(user, method, url, payload);
  expect([200, 201], res.body).toContain(res.statusCode);
  return res.json();
};
const resting = async () => {
  const user = await signUp(app);
  await ok(user, 'PUT', 'user', { wellbeing_mode: true });
  return user;
};

async function club() {
  const [expert, member, calm] = [await signUp(app), await signUp(app), await resting()];
  return { expert, member, calm, id: await community(expert, [member, calm]) };
}

const feedOf = async (user: TestUser, id: number): Promise<FeedPost[]> =>
  (await ok(user, 'GET', `community/feeds?community_id=${id}`)).community_feeds;

describe('wellbeing mode', () => {
  it('leaves high fives and ratings out of posts, in the feed, the single read, answers and events', async () => {
    const { expert, member, calm, id } = await club();
    const post: FeedPost = await ok(expert, 'POST', 'community/feed', { message: 'hi', community_id: id });
    const base = `communities/${id}/feeds/${post.id}`;
    await ok(member, 'POST', `${base}/h5`);
    await ok(member, 'POST', `${base}/rate`, { rating: 4 });
    const [seen] = await feedOf(member, id);
    expect(seen).toMatchObject({ high_fives: 1, rating: 4 });
    const [calmly] = await feedOf(calm, id);
    expect(calmly).not.toHaveProperty('high_fives');
    expect(calmly).not.toHaveProperty('rating');
    // Their own reactions stay theirs to see.
    const answered = await ok(calm, 'POST', `${base}/h5`);
    expect(answered).toMatchObject({ high_fived: true });
    expect(answered).not.toHaveProperty('high_fives');
    const rated = await ok(calm, 'POST', `${base}/rate`, { rating: 5 });
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
    const poll: FeedPost = await ok(expert, 'POST', `communities/${id}/polls`, {
      question: 'Walk?',
      options: ['Yes', 'No'],
      expiration_date,
    });
    expect(poll.type).toBe(PostType.POLL);
    await ok(member, 'POST', `communities/${id}/polls/${poll.id}/answers`, { answerIndex: 0 });
    const [before] = await feedOf(calm, id);
    expect(before.poll_data).not.toHaveProperty('answers');
    expect(before.poll_data).toMatchObject({ my_answer: null, options: ['Yes', 'No'] });
    expect((await feedOf(member, id))[0].poll_data?.answers).toEqual([[{ user_id: member.userId }], []]);
    const voted = await ok(calm, 'POST', `communities/${id}/polls/${poll.id}/answers`, { answerIndex: 1 });
    expect(voted.poll_data).toMatchObject({
      answers: [[{ user_id: member.userId }], [{ user_id: calm.userId }]],
      my_answer: 1,
    });
  });

  it("leaves a community's members count out", async () => {
    const { member, calm, id } = await club();
    expect(await ok(member, 'GET', `communities/${id}`)).toMatchObject({ members_count: 3 });
    expect(await ok(calm, 'GET', `communities/${id}`)).not.toHaveProperty('members_count');
  });

  it("leaves the others' rank and score out of a leaderboard, by name, keeping the member's own", async () => {
    const { expert, member, calm, id } = await club();
    const session = (minutes: number) => ({
      activity_type: 1,
      start: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
      duration_ms: minutes * 60 * 1000,
    });
    await ok(expert, 'POST', 'user/activity/sessions', session(50));
    await ok(member, 'POST', 'user/activity/sessions', session(40));
    await ok(calm, 'POST', 'user/activity/sessions', session(30));
    const url = `user/community/leaderboard?community_id=${id}`;
    const plain: LeaderboardResponse = await ok(member, 'GET', url);
    expect(plain.scores.map((s) => s.rank)).toEqual([2, 1, 3]);
    const board: LeaderboardResponse = await ok(calm, 'GET', url);
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
