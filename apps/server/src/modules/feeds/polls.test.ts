import { EventType, type PollBody } from '@orbit/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { posts } from '../../db/schema';
import { call } from '../../test/call';
import { feedFixtures } from '../../test/feeds';
import { createTestApp, signUp, type TestUser } from '../../test/harness';

const ctx = await createTestApp();
const { app, deps } = ctx;
const { befriend, community, eventsOf, lastSeq } = feedFixtures(ctx);

const inHours = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();
const poll = (user: TestUser, communityId: number, body: Partial<PollBody> = {}) =>
  call(app, 'createCommunityPoll', {
    headers: user.headers,
    params: { id: communityId },
    body: { question: 'Best time?', options: ['Morning', 'Evening'], expiration_date: inHours(2), ...body },
  });

describe('polls', () => {
  it('needs a question, 2 non-empty options and an expiry within 8 days', async () => {
    const expert = await signUp(app);
    const id = await community(expert, []);
    for (const body of [{ question: '  ' }, { options: ['Only'] }, { options: ['One', ' '] }]) {
      expect((await poll(expert, id, body)).json().error).toBe('invalid_poll');
    }
    for (const expiration_date of [inHours(-1), inHours(8 * 24 + 1), 'soon']) {
      expect((await poll(expert, id, { expiration_date })).json().error).toBe('invalid_expiration');
    }
    const created = (
      await poll(expert, id, { question: ' Q ', options: [' a ', 'b'], expiration_date: inHours(8 * 24 - 1) })
    ).json();
    expect(created).toMatchObject({
      type: 5,
      poll_data: { question: 'Q', options: ['a', 'b'], answers: [[], []], my_answer: null, expired: false },
    });
  });

  it('one vote per member: moving it changes both counts, the same option changes nothing', async () => {
    const [expert, member] = [await signUp(app), await signUp(app)];
    const id = await community(expert, [member]);
    const feedId = (await poll(expert, id)).json().id;
    const vote = (user: TestUser, answerIndex: number, postId = feedId) =>
      call(app, 'answerCommunityPoll', {
        headers: user.headers,
        params: { id, feedId: postId },
        body: { answerIndex },
      });
    expect((await vote(member, 0)).json().poll_data).toMatchObject({
      answers: [[{ user_id: member.userId }], []],
      my_answer: 0,
    });
    await vote(expert, 0);
    const since = await lastSeq(expert);
    expect((await vote(member, 1)).json().poll_data).toMatchObject({
      answers: [[{ user_id: expert.userId }], [{ user_id: member.userId }]],
      my_answer: 1,
    });
    const moved = await eventsOf(expert, since);
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({
      type: EventType.COMMUNITY_POST,
      subtype: 'UPDATE',
      data: { poll_data: { my_answer: 0 } },
    });
    expect((await vote(member, 1)).json().poll_data?.answers?.[1]).toHaveLength(1);
    expect(await eventsOf(expert, since)).toHaveLength(1);
    expect((await vote(member, 2)).json().error).toBe('invalid_answer');
    const notPoll = (
      await call(app, 'createCommunityPost', {
        headers: member.headers,
        body: { message: 'm', community_id: id },
      })
    ).json();
    expect((await vote(member, 0, notPoll.id)).json().error).toBe('not_a_poll');
    await deps.db
      .update(posts)
      .set({ pollExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(posts.id, feedId));
    expect((await vote(member, 0)).json().error).toBe('poll_expired');
  });

  it("a user-feed poll goes on one's own or a friend's feed, never a stranger's", async () => {
    const [owner, friend, stranger] = [await signUp(app), await signUp(app), await signUp(app)];
    await befriend(owner, friend);
    const create = (user: TestUser, friend_id?: number) =>
      call(app, 'createPoll', {
        headers: user.headers,
        body: { question: 'Q', options: ['a', 'b'], expiration_date: inHours(1), friend_id },
      });
    const own = (await create(owner)).json();
    expect(own).toMatchObject({ owner_user_id: owner.userId, type: 5 });
    expect((await create(friend, owner.userId)).json().owner_user_id).toBe(owner.userId);
    expect((await create(stranger, owner.userId)).statusCode).toBe(403);
    const answer = (user: TestUser) =>
      call(app, 'answerPoll', {
        headers: user.headers,
        params: { feedId: own.id },
        body: { answerIndex: 1 },
      });
    expect((await answer(friend)).json().poll_data?.my_answer).toBe(1);
    expect((await answer(stranger)).statusCode).toBe(404);
  });
});
