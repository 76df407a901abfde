import { type CommunityCommentBody, NotificationType, PrivacySetting } from '@orbit/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { call } from '../../test/call';
import { feedFixtures } from '../../test/feeds';
import { createTestApp, signUp, type TestUser } from '../../test/harness';

const ctx = await createTestApp();
const { app } = ctx;
const { community, befriend } = feedFixtures(ctx);

const notificationsOf = async (user: TestUser) =>
  (await call(app, 'notifications', { headers: user.headers })).json().notifications;
const comment = (
  user: TestUser,
  communityId: number,
  feedId: number,
  body: Partial<CommunityCommentBody> = {},
) =>
  call(app, 'createCommunityComment', {
    headers: user.headers,
    body: { message: 'nice', feed_id: feedId, community_id: communityId, ...body },
  });

async function setting() {
  const [expert, member, other] = [await signUp(app), await signUp(app), await signUp(app)];
  const id = await community(expert, [member, other]);
  const post = (
    await call(app, 'createCommunityPost', {
      headers: member.headers,
      body: { message: 'post', community_id: id },
    })
  ).json();
  return { expert, member, other, id, feedId: post.id };
}

describe('notifications caused by other modules', () => {
  it('a comment on my post notifies me (COMMENTS), my own comment does not', async () => {
    const { member, other, id, feedId } = await setting();
    await comment(member, id, feedId, { message: 'my own' });
    expect(await notificationsOf(member)).toEqual([]);
    const written = (await comment(other, id, feedId, { message: 'well done' })).json();
    expect(await notificationsOf(member)).toMatchObject([
      {
        type: NotificationType.COMMENTS,
        source: other.username,
        community_id: id,
        body: `${other.username} commented on your post: well done`,
        data: { user_id: other.userId, post_id: feedId, comment_id: written.id },
      },
    ]);
    expect(await notificationsOf(other)).toEqual([]);
  });

  it("a private commenter is named to the post's author by their alias, and by their name once friends", async () => {
    const { member, other, id, feedId } = await setting();
    const alias = `Quiet ${other.userId}`;
    await ctx.deps.db
      .update(users)
      .set({ privacySetting: PrivacySetting.PRIVATE, alias })
      .where(eq(users.id, other.userId));
    await comment(other, id, feedId, { message: 'one' });
    expect((await notificationsOf(member)).map((n) => n.source)).toEqual([alias]);
    await befriend(member, other);
    await comment(other, id, feedId, { message: 'two' });
    const sources = (await notificationsOf(member)).map((n) => n.source);
    expect(sources).toEqual([other.username, alias]);
  });

  it('an urgent comment does not notify a post author who may not see it', async () => {
    const { expert, member, id, feedId } = await setting();
    expect((await comment(expert, id, feedId, { urgency: 2, message: 'urgent' })).statusCode).toBe(200);
    expect(await notificationsOf(member)).toEqual([]);
  });

  it('an @tag notifies the tagged member (ME_STAR) with the tagged names', async () => {
    const { expert, member, other, id, feedId } = await setting();
    await comment(expert, id, feedId, { message: `hey @${other.username}`, tagged_users: [other.userId] });
    expect(await notificationsOf(other)).toMatchObject([
      {
        type: NotificationType.ME_STAR,
        community_id: id,
        data: { post_id: feedId, tagged_users: [other.username] },
      },
    ]);
    expect((await notificationsOf(member)).map((n) => n.type)).toEqual([NotificationType.COMMENTS]);
  });

  it('a community invite notifies the invitee (COMMUNITY_STAR) with the community', async () => {
    const [expert, invitee] = [await signUp(app), await signUp(app)];
    const id = await community(expert, []);
    const res = await call(app, 'inviteToCommunity', {
      headers: expert.headers,
      params: { id },
      body: { screen_name: invitee.username },
    });
    expect(res.statusCode).toBe(200);
    expect(await notificationsOf(invitee)).toMatchObject([
      {
        type: NotificationType.COMMUNITY_STAR,
        community_id: id,
        source: 'Walkers',
        data: { user_id: expert.userId },
      },
    ]);
  });

  it('a private message notifies the other participant (PRIVATE_MESSAGE) with its thread', async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    await befriend(a, b);
    const { group_id } = (
      await call(app, 'directThread', { headers: a.headers, body: { user_id: b.userId } })
    ).json();
    const sent = await call(app, 'sendMessage', {
      headers: a.headers,
      params: { group_id },
      body: { message: 'see you at 6' },
    });
    expect(sent.statusCode).toBe(200);
    expect(await notificationsOf(b)).toMatchObject([
      {
        type: NotificationType.PRIVATE_MESSAGE,
        source: a.username,
        title: `Message from ${a.username}`,
        body: 'see you at 6',
        data: { user_id: a.userId, group_id },
      },
    ]);
    expect(await notificationsOf(a)).toEqual([]);
  });
});
