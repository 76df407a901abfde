import {
  AppId,
  CallMemberState,
  CommunityRole,
  type EndpointName,
  MomentType,
  OrgRole,
  OwnerType,
  type ReportTargetType,
} from '@orbit/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  callMembers,
  calls,
  communityInvites,
  incentivePlans,
  lessonPosts,
  passwordTokens,
  posts,
  surveyResponses,
  surveys,
  tournamentHighFives,
} from '../db/schema';
import { repliedWorkDone } from '../modules/passwords';
import { type Called, call } from './call';
import { communityFixtures } from './communities';
import { signUp, type TestContext, type TestUser } from './harness';
import { lessonRow } from './lessons';
import { TestBrowser } from './push';
import { enableTwoFactor, passwordStep } from './security';
import { startingNow } from './sessions';
import { samples, uploader } from './uploads';

/**
 * Where the busy member's device is subscribed: nothing listens (the test apps start no push worker), and the
 * test app lists the host in `pushAllowedHosts` (BUSY_APP_CONFIG).
 */
const BUSY_PUSH_SERVICE = { origin: 'http://127.0.0.1:9' };
/** What a test app needs for busyMember: its push device's host allowed. */
export const BUSY_APP_CONFIG = { pushAllowedHosts: ['127.0.0.1'] };

/**
 * A test that builds a busy member's world (real image processing for its files, some sixty writes) takes
 * about 3 s alone on PGlite, and timed out at 30 s in a loaded two-core CI run: the files using it set this.
 */
export const BUSY_WORLD_TIMEOUT_MS = 120_000;

export interface BusyWorld {
  member: TestUser;
  friend: TestUser;
  neighbour: TestUser;
  /** A community the member made (owned by them), the friend and the neighbour in it. */
  ownedId: number;
  /** The organisation the three belong to, the member its admin. */
  orgId: number;
  /** An organisation's community whose only expert is the member. */
  orgCommunityId: number;
  directGroupId: number;
  groupId: number;
  neighbourPostId: number;
  /** The member's post in the organisation's community, with a file and a comment of the friend. */
  memberPostId: number;
  /** A member blocked by the member, who blocked the member too. */
  stranger: TestUser;
}

/**
 * A member who did everything (decision 0048): friends, communities owned and expert of, posts with files,
 * comments, poll votes, reactions, @tags, messages with files, moments both ways, calls, a hosted lesson
 * with its recording, activity, moods, tags, notes, a survey answer, an incentive plan, a high five,
 * pictures, notifications they caused, stars and served star sets naming them.
 */
export async function busyMember(ctx: TestContext): Promise<BusyWorld> {
  const { app, deps } = ctx;
  const { adminOf, makeFriends, community } = communityFixtures(ctx);
  const upload = uploader(app);
  /** The answer of a call that must succeed. */
  const ok = async <N extends EndpointName>(called: Promise<Called<N>>) => {
    const res = await called;
    const { method, url } = res.raw.req;
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeOneOf([200, 201]);
    return res.json();
  };
  const [member, friend, neighbour] = [await signUp(app), await signUp(app), await signUp(app)];
  const orgId = await adminOf(member, [friend, neighbour]);
  await makeFriends(member, friend);
  await makeFriends(member, neighbour);
  await makeFriends(friend, neighbour);

  // Pictures: a persona picture and a temp upload.
  const png = await samples.png();
  await ok(
    call(app, 'personaImage', {
      headers: member.headers,
      body: { image: `data:image/png;base64,${png.toString('base64')}` },
    }),
  );
  expect((await upload(member, 'user/temp_image', [{ name: 'p.png', bytes: png }])).statusCode).toBe(200);

  // A community the member made and owns, and an organisation's community they are the only expert of.
  const { id: ownedId } = await ok(
    call(app, 'createCommunity', {
      headers: member.headers,
      body: { name: 'Walkers', owner_type: OwnerType.USER },
    }),
  );
  for (const other of [friend, neighbour]) {
    await ok(
      call(app, 'joinCommunity', {
        headers: other.headers,
        body: { id: ownedId, community_role: CommunityRole.MEMBER },
      }),
    );
  }
  const orgCommunityId = await community(member, { ownerType: OwnerType.ORGANIZATION, ownerId: orgId }, [
    friend,
    neighbour,
  ]);
  await deps.db
    .insert(communityInvites)
    .values({ communityId: orgCommunityId, userId: friend.userId, invitedBy: member.userId })
    .onConflictDoNothing();

  // Posts with files, comments both ways, a poll vote, a rating, an @tag.
  const posted = await upload(
    member,
    `communities/${orgCommunityId}/attachments`,
    [{ name: 'walk.png', bytes: png }],
    { message: 'my walk' },
  );
  expect(posted.statusCode, posted.body).toBe(200);
  const memberPostId = posted.json().feed_id as number;
  const comment = (user: TestUser, feed_id: number, message: string) =>
    ok(
      call(app, 'createCommunityComment', {
        headers: user.headers,
        body: { message, feed_id, community_id: orgCommunityId },
      }),
    );
  await comment(friend, memberPostId, 'nice');
  await ok(call(app, 'createUserPost', { headers: member.headers, body: { message: 'on my own feed' } }));
  await ok(
    call(app, 'createUserPost', {
      headers: friend.headers,
      body: { message: 'for you', owner_user_id: member.userId },
    }),
  );
  const neighbourPost = await ok(
    call(app, 'createCommunityPost', {
      headers: neighbour.headers,
      body: { message: 'hello', community_id: orgCommunityId },
    }),
  );
  await comment(member, neighbourPost.id, 'hi back');
  await deps.db
    .update(posts)
    .set({ taggedUsers: [member.userId, friend.userId] })
    .where(eq(posts.id, neighbourPost.id));
  const poll = await ok(
    call(app, 'createCommunityPoll', {
      headers: neighbour.headers,
      params: { id: orgCommunityId },
      body: {
        question: 'Walk?',
        options: ['Yes', 'No'],
        expiration_date: new Date(Date.now() + 86_400_000).toISOString(),
      },
    }),
  );
  await ok(
    call(app, 'answerCommunityPoll', {
      headers: member.headers,
      params: { id: orgCommunityId, feedId: poll.id },
      body: { answerIndex: 0 },
    }),
  );

  // Messages: a one-to-one thread with a file, and a group.
  const { group_id: directGroupId } = await ok(
    call(app, 'directThread', { headers: member.headers, body: { user_id: friend.userId } }),
  );
  const send = (user: TestUser, group_id: number, message: string) =>
    ok(call(app, 'sendMessage', { headers: user.headers, params: { group_id }, body: { message } }));
  await send(member, directGroupId, 'hello friend');
  await send(friend, directGroupId, 'hello you');
  const withFile = await upload(member, `pms/${directGroupId}/attachments`, [{ name: 'v.png', bytes: png }]);
  expect(withFile.statusCode, withFile.body).toBe(200);
  const { id: groupId } = await ok(
    call(app, 'createMessageGroup', {
      headers: member.headers,
      body: { user_ids: [friend.userId, neighbour.userId], name: 'Trio' },
    }),
  );
  await send(member, groupId, 'hi all');

  // Moments both ways (the friend's names the member among its participants).
  const moment = (from: TestUser, to: TestUser[]) =>
    ok(
      call(app, 'createMoment', {
        headers: from.headers,
        body: {
          type: MomentType.SHARE,
          bg_app_id: AppId.GOJI_MOVE,
          message: 'look',
          participants: { friend_ids: to.map((u) => u.userId), community_ids: [] },
        },
      }),
    );
  await moment(member, [friend]);
  await moment(friend, [member, neighbour]);

  // Activity, mood, tags and notes.
  const { headers } = member;
  await ok(
    call(app, 'logActivity', {
      headers,
      body: {
        activity_type: 1,
        start: startingNow(),
        duration_ms: 1_800_000,
      },
    }),
  );
  await ok(call(app, 'updateUser', { headers, body: { gojimoji: { mood: 3 } } }));
  await ok(call(app, 'updateUser', { headers, body: { gojimoji: { tags: ['calm', 'rested'] } } }));
  await ok(call(app, 'updateUser', { headers, body: { tag_notes: 'slept well' } }));

  // Reminders, a weekly goal, push preferences and a device subscribed to pushes (decisions 0053, 0054).
  await ok(call(app, 'updateReminders', { headers, body: { mood: { enabled: true, time: '21:15' } } }));
  await ok(call(app, 'updateWeeklyGoal', { headers, body: { weekly_active_minutes: 150 } }));
  await ok(call(app, 'updatePushPreferences', { headers, body: { moments: false, previews: true } }));
  await ok(call(app, 'subscribePush', { headers, body: new TestBrowser(BUSY_PUSH_SERVICE).subscription() }));

  // Calls both ways, a hosted lesson with its recording and a chat post, written as their services do.
  const [own] = await deps.db
    .insert(calls)
    .values({ callerId: member.userId, janusGateway: 'orbit', janusRoomId: 1, roomSecret: 's', roomPin: 'p' })
    .returning();
  const [theirs] = await deps.db
    .insert(calls)
    .values({ callerId: friend.userId, janusGateway: 'orbit', janusRoomId: 2, roomSecret: 's', roomPin: 'p' })
    .returning();
  await deps.db.insert(callMembers).values([
    { callId: own.id, userId: friend.userId, state: CallMemberState.INVITED },
    { callId: theirs.id, userId: member.userId, state: CallMemberState.JOINED },
  ]);
  const mediaKey = `sessions/erasure-${member.userId}/recording.mp4`;
  await deps.storage.put(mediaKey, Buffer.from('mp4'));
  const lesson = await lessonRow(deps, orgCommunityId, member, { mediaKey });
  await deps.db
    .insert(lessonPosts)
    .values({ lessonId: lesson.id, authorId: member.userId, identityType: 1, message: 'welcome' });

  // An organisation's survey the member answered and a plan they wrote; a high five given and received.
  const [survey] = await deps.db
    .insert(surveys)
    .values({
      organizationId: orgId,
      name: 'Sleep',
      questions: [{ text: 'How?', options: ['Well', 'Badly'] }],
      startTime: new Date(Date.now() - 86_400_000),
      endTime: new Date(Date.now() + 86_400_000),
      completionMessage: 'Thanks',
      createdBy: member.userId,
    })
    .returning();
  await deps.db.insert(surveyResponses).values({ surveyId: survey.id, userId: member.userId, answers: [0] });
  await deps.db.insert(incentivePlans).values({
    organizationId: orgId,
    name: 'Move',
    rewardKind: 1,
    weekGoal: 1,
    monthGoal: 4,
    startsOn: '2026-01-01',
    createdBy: member.userId,
  });
  await deps.db.insert(tournamentHighFives).values([
    { seasonYear: 2026, toUserId: friend.userId, fromUserId: member.userId },
    { seasonYear: 2026, toUserId: member.userId, fromUserId: neighbour.userId },
  ]);

  // Blocks both ways with a stranger, reports by and of the member (decisions 0046, 0047).
  const stranger = await signUp(app);
  await ok(call(app, 'block', { headers, params: { user_id: stranger.userId } }));
  await ok(call(app, 'block', { headers: stranger.headers, params: { user_id: member.userId } }));
  const report = (by: TestUser, target_type: ReportTargetType, target_id: number) =>
    call(app, 'createReport', {
      headers: by.headers,
      body: { target_type, target_id, reason: 1, comment: 'please look' },
    });
  expect((await report(member, 'post', neighbourPost.id)).statusCode).toBe(201);
  expect((await report(friend, 'user', member.userId)).statusCode).toBe(201);
  expect((await report(friend, 'post', memberPostId)).statusCode).toBe(201);

  // Two-factor sign-in with a challenge open, and a reset link asked for with its mail waiting (issue 16).
  await enableTwoFactor(app, member);
  expect((await passwordStep(app, member)).json()).toMatchObject({ two_factor_required: true });
  const forgot = await call(app, 'forgotPassword', { body: { identity: member.email } });
  expect(forgot.statusCode).toBe(202);
  // The link is made after the reply; a second's wait was not enough in a loaded run.
  await repliedWorkDone();
  const tokens = await deps.db.select().from(passwordTokens).where(eq(passwordTokens.userId, member.userId));
  expect(tokens).toHaveLength(1);

  // The others' homes are served (their star sets show the member), and the member's socket ticket exists.
  for (const user of [friend, neighbour, member]) await ok(call(app, 'profiles', { headers: user.headers }));
  await ok(call(app, 'socketUrl', { headers }));
  expect(OrgRole.ADMIN).toBeGreaterThan(0);
  return {
    member,
    friend,
    neighbour,
    ownedId,
    orgId,
    orgCommunityId,
    directGroupId,
    groupId,
    neighbourPostId: neighbourPost.id,
    memberPostId,
    stranger,
  };
}
