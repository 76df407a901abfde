import { AppId, MomentOrigin, PrivacySetting, StarType } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { activityLogs } from '../../db/schema';
import { call } from '../../test/call';
import { feedFixtures } from '../../test/feeds';
import { createTestApp, type TestUser } from '../../test/harness';
import { dareFriend, namedMember } from '../../test/members';
import { messagesClient } from '../../test/messages';
import { startingNow } from '../../test/sessions';

/**
 * One member, one name (decision 0043): every endpoint family that names a member presents the same name,
 * first and last name under the persona, the alias under the avatar identity; `screen_name` stays the handle.
 */
const ctx = await createTestApp();

const named = (first: string, last: string, aliasStem: string, privacy?: number) =>
  namedMember(ctx, first, last, aliasStem, privacy);

/** What a read answers, which must succeed. */
async function ok<T>(res: Promise<{ statusCode: number; json(): T }>) {
  const answered = await res;
  expect(answered.statusCode).toBe(200);
  return answered.json();
}
const profiles = (user: TestUser) => ok(call(ctx.app, 'profiles', { headers: user.headers }));
const profileOf = (user: TestUser, other: TestUser) =>
  ok(call(ctx.app, 'profile', { headers: user.headers, query: { user_id: other.userId } }));

describe('the name a member goes by, on every surface', () => {
  it('is the same on the own star, the own profile and the own page, with the username as the handle', async () => {
    const ada = await named('Ada', 'Park', 'AdaRuns');
    const home = await profiles(ada);
    expect(home.user_profile).toMatchObject({ name: 'Ada Park', screen_name: ada.username });
    const me = home.stars.find((s) => s.star_type === StarType.ME);
    expect(me?.name).toBe('Ada Park');
  });

  it('shows a friend and a public stranger their persona name, and a private member as their alias', async () => {
    const ada = await named('Ada', 'Park', 'AdaRuns');
    const bo = await named('Bo', 'Lind', 'BoWalks', PrivacySetting.PRIVATE);
    const cy = await named('Cy', 'NA', 'CyCycles');
    const { befriend } = messagesClient(ctx.app);
    await befriend(ada, bo);

    const friendStar = (await profiles(ada)).stars.find((s) => s.user_id === bo.userId);
    expect(friendStar?.name).toBe('Bo Lind');
    expect((await profileOf(ada, bo)).name).toBe('Bo Lind');
    expect((await profileOf(cy, bo)).name).toBe(bo.alias);
    // A last name "NA" means none (docs/product/account-and-safety.md#profile).
    expect((await profileOf(ada, cy)).name).toBe('Cy');
    const friends = await ok(call(ctx.app, 'friends', { headers: ada.headers }));
    expect(friends.friends[String(bo.userId)]).toMatchObject({ name: 'Bo Lind', screen_name: bo.username });
  });

  it('names the author of a message, its thread and its preview by the same name', async () => {
    const ada = await named('Ada', 'Park', 'AdaRuns');
    const bo = await named('Bo', 'Lind', 'BoWalks', PrivacySetting.PRIVATE);
    const { befriend, sendOk } = messagesClient(ctx.app);
    await befriend(ada, bo);
    const thread = await call(ctx.app, 'directThread', {
      headers: ada.headers,
      body: { user_id: bo.userId },
    });
    const groupId = thread.json().group_id;
    await sendOk(bo, groupId, 'Walk at six?');

    const params = { group_id: groupId };
    const list = await ok(call(ctx.app, 'messages', { params, headers: ada.headers }));
    expect(list.messages[0]).toMatchObject({ name: 'Bo Lind', screen_name: bo.username });
    const preview = await ok(call(ctx.app, 'messagePreview', { params, headers: ada.headers }));
    expect(preview).toMatchObject({ group_name: 'Bo Lind', name: 'Bo Lind', names: ['Bo Lind'] });
  });

  it('puts display names on the leaderboard, never a username', async () => {
    const ada = await named('Ada', 'Park', 'AdaRuns');
    const bo = await named('Bo', 'Lind', 'BoWalks', PrivacySetting.PRIVATE);
    await ctx.deps.db.insert(activityLogs).values(
      [ada, bo].map((user) => ({
        userId: user.userId,
        activityType: 1,
        sessionType: 1,
        startedAt: new Date(startingNow()),
        durationMs: 600_000,
      })),
    );
    const board = await ok(call(ctx.app, 'leaderboard', { headers: ada.headers, query: { global: true } }));
    const nameOf = (user: TestUser) => board.scores.find((s) => s.user_id === user.userId)?.identity.name;
    expect(nameOf(ada)).toBe('Ada Park');
    expect(nameOf(bo)).toBe(bo.alias);
  });

  it('names the author of a community post and of its comment, and each member of the community', async () => {
    const ada = await named('Ada', 'Park', 'AdaRuns');
    const bo = await named('Bo', 'Lind', 'BoWalks');
    const communityId = await feedFixtures(ctx).community(ada, [bo]);
    const post = await ok(
      call(ctx.app, 'createCommunityPost', {
        headers: ada.headers,
        body: { message: 'Walk at nine', community_id: communityId },
      }),
    );
    const comment = await call(ctx.app, 'createCommunityComment', {
      headers: bo.headers,
      body: { message: 'Count me in', feed_id: post.id, community_id: communityId },
    });
    expect(comment.statusCode, comment.body).toBe(200);

    const read = await ok(call(ctx.app, 'communityPost', { headers: bo.headers, params: { id: post.id } }));
    expect(read.author_screen_name).toBe('Ada Park');
    const { community_feed_comments: comments } = await ok(
      call(ctx.app, 'communityComments', {
        headers: ada.headers,
        query: { feed_id: post.id, community_id: communityId },
      }),
    );
    expect(comments.map((c) => c.author_screen_name)).toEqual(['Bo Lind']);
    const { members } = await ok(
      call(ctx.app, 'communityMembers', { headers: bo.headers, params: { id: communityId } }),
    );
    expect(members.map((m) => [m.name, m.screen_name]).sort()).toEqual([
      ['Ada Park', ada.username],
      ['Bo Lind', bo.username],
    ]);
  });

  it('names the member who caused a notification, in its source and its words', async () => {
    const ada = await named('Ada', 'Park', 'AdaRuns');
    const bo = await named('Bo', 'Lind', 'BoWalks');
    const asked = await call(ctx.app, 'friendRequest', {
      headers: ada.headers,
      body: { user_id: bo.userId },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const { notifications } = await ok(call(ctx.app, 'notifications', { headers: bo.headers }));
    expect(notifications).toHaveLength(1);
    expect(notifications[0].source).toBe('Ada Park');
    expect(`${notifications[0].title} ${notifications[0].body}`).toContain('Ada Park');
    expect(`${notifications[0].title} ${notifications[0].body}`).not.toContain(ada.username);
  });

  it('names the sender of a moment and the friends it went to', async () => {
    const ada = await named('Ada', 'Park', 'AdaRuns');
    const bo = await named('Bo', 'Lind', 'BoWalks');
    await messagesClient(ctx.app).befriend(ada, bo);
    await dareFriend(ctx.app, ada, bo);
    const search = (user: TestUser, origin: 1 | 2) =>
      ok(
        call(ctx.app, 'searchMoments', {
          headers: user.headers,
          query: { bg_app_id: AppId.GOJI_MOVE, app: 'shell', origin },
        }),
      );
    const received = await search(bo, MomentOrigin.INCOMING);
    expect(received.incoming.pending.map((m) => m.producer.display_name)).toEqual(['Ada Park']);
    const sent = await search(ada, MomentOrigin.OUTGOING);
    expect(sent.user_data.display_name).toBe('Ada Park');
    expect(sent.outgoing.flatMap((m) => m.friends.map((f) => f.display_name))).toEqual(['Bo Lind']);
  });
});
