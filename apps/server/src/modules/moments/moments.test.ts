import {
  AppId,
  ChallengeStatus,
  type CreateMomentBody,
  type IgnoreMomentBody,
  LIMITS,
  type LogSessionBody,
  MOMENT_SESSION_INFO_MAX,
  MomentFilter,
  type MomentSearchQuery,
  MomentStatus,
  MomentType,
  NotificationType,
  OwnerType,
  PrivacySetting,
  RecipientStatus,
  STARFIELD,
  StarType,
} from '@orbit/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { communities, communityMembers, momentRecipients, moments, users } from '../../db/schema';
import { unitOfWork } from '../../deps';
import { inTransaction } from '../../platform/tx';
import { call, unchecked } from '../../test/call';
import { createTestApp, signUp, type TestUser, uniqueName } from '../../test/harness';
import { completeMoment } from './service';

const ctx = await createTestApp();
const { app, deps } = ctx;

const ask = (from: TestUser, to: TestUser) =>
  call(app, 'friendRequest', { headers: from.headers, body: { user_id: to.userId } });
const makeFriends = async (a: TestUser, b: TestUser) => {
  await ask(a, b);
  await ask(b, a);
};
const send = (from: TestUser, body: CreateMomentBody) =>
  call(app, 'createMoment', { headers: from.headers, body });
const toFriends = (friends: TestUser[], extra: CreateMomentBody = {}): CreateMomentBody => ({
  participants: { friend_ids: friends.map((f) => f.userId), community_ids: [] },
  ...extra,
});
const search = async (
  user: TestUser,
  origin: MomentSearchQuery['origin'],
  filter: MomentSearchQuery['filter'] = MomentFilter.ALL,
) =>
  (
    await call(app, 'searchMoments', {
      headers: user.headers,
      query: { bg_app_id: 2, app: 'shell', origin, filter },
    })
  ).json();
const idsOf = (list: { moment_id: number }[]) => list.map((m) => m.moment_id);
const notificationsOf = async (user: TestUser) =>
  (await call(app, 'notifications', { headers: user.headers })).json().notifications;
const ignore = (who: TestUser, body: Omit<IgnoreMomentBody, 'status'>) =>
  call(app, 'ignoreMoment', { headers: who.headers, body: { ...body, status: MomentStatus.IGNORED } });
const momentStarsOf = async (user: TestUser) =>
  (await call(app, 'profiles', { headers: user.headers }))
    .json()
    .stars.filter((s) => s.star_type === StarType.MOMENTS);
/** The MOMENTS star of a member with nothing pending. */
const quietStarId = (user: TestUser) => `11:none:${user.userId}`;

async function communityOf(members: TestUser[]) {
  const [community] = await deps.db
    .insert(communities)
    .values({
      name: uniqueName('club'),
      color: '#1b2a4a',
      initials: 'C',
      ownerType: OwnerType.USER,
      ownerId: members[0].userId,
    })
    .returning();
  await deps.db
    .insert(communityMembers)
    .values(members.map((m) => ({ communityId: community.id, userId: m.userId })));
  return community;
}

/** A producer with two friends, ready to send. */
async function circle() {
  const [me, f1, f2] = [await signUp(app), await signUp(app), await signUp(app)];
  await makeFriends(me, f1);
  await makeFriends(me, f2);
  return { me, f1, f2 };
}

const DARE = {
  factor: true,
  bg_app_id: AppId.GOJI_MOVE,
  criteria: [
    { name: 'distance', display_name: 'Distance', show: true },
    { name: 'steps', display_name: 'Steps', show: false },
  ],
  message: 'Beat my run',
  session_info: { distance: 5.2, duration: 1800, route: 'park' },
};

describe('GET /app', () => {
  it('answers the criteria of the application, none shown', async () => {
    const me = await signUp(app);
    const res = await call(app, 'appCriteria', {
      headers: me.headers,
      query: { bg_app_id: AppId.GOJI_MOVE, app: 'shell' },
    });
    expect(res.json()).toEqual({
      moment: {
        criteria: [
          { name: 'duration', display_name: 'Duration', show: false },
          { name: 'distance', display_name: 'Distance', show: false },
          { name: 'calories', display_name: 'Calories', show: false },
          { name: 'steps', display_name: 'Steps', show: false },
        ],
      },
    });
    expect(
      (await call(app, 'appCriteria', { headers: me.headers, query: { bg_app_id: 8 } })).statusCode,
    ).toBe(400);
  });

  it('without an application answers the general challenge metrics (docs/product/moments.md#dares), none shown', async () => {
    const me = await signUp(app);
    expect((await call(app, 'appCriteria', { headers: me.headers, query: { app: 'shell' } })).json()).toEqual(
      {
        moment: {
          criteria: [
            { name: 'duration', display_name: 'Duration', show: false },
            { name: 'distance', display_name: 'Distance', show: false },
            { name: 'calories', display_name: 'Calories', show: false },
          ],
        },
      },
    );
  });
});

describe('POST /user/moments: the type', () => {
  it('nobody chosen is a treasure, kept by its producer only', async () => {
    const { me, f1 } = await circle();
    const res = await send(me, { factor: false, message: 'for later', bg_app_id: AppId.GOJI_MOVE });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      type: MomentType.TREASURE,
      friends: [],
      communities: [],
      challenge_id: null,
    });
    expect(idsOf((await search(me, 2)).outgoing)).toEqual([res.json().moment_id]);
    expect((await search(f1, 1)).incoming).toEqual({ pending: [], completed: [], ignored: [] });
  });

  it('a dare without participants is refused: "Please select at least one participant"', async () => {
    const me = await signUp(app);
    const res = await send(me, { ...DARE, participants: { friend_ids: [], community_ids: [] } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'no_participants',
      message: 'Please select at least one participant',
    });
    expect(await deps.db.select().from(moments).where(eq(moments.producerId, me.userId))).toEqual([]);
  });

  describe('the type the client chose (docs/product/moments.md#moment-type)', () => {
    it('takes dare, share and treasure from the body, factor alongside', async () => {
      const { me, f1 } = await circle();
      const dare = await send(me, toFriends([f1], { ...DARE, type: MomentType.DARE }));
      expect(dare.statusCode).toBe(200);
      expect(dare.json()).toMatchObject({
        type: MomentType.DARE,
        criteria: [{ name: 'distance', display_name: 'Distance', show: true }],
      });
      const share = await send(
        me,
        toFriends([f1], { type: MomentType.SHARE, factor: false, message: 'look' }),
      );
      expect(share.json()).toMatchObject({ type: MomentType.SHARE });
      const treasure = await send(me, { type: MomentType.TREASURE, message: 'mine', bg_app_id: null });
      expect(treasure.json()).toMatchObject({ type: MomentType.TREASURE, friends: [] });
      expect(idsOf((await search(f1, 1)).incoming.pending).sort()).toEqual(
        [dare.json().moment_id, share.json().moment_id].sort(),
      );
    });

    it('a dare or share without participants is 400 no_participants, and nothing is written', async () => {
      const me = await signUp(app);
      for (const body of [
        { ...DARE, type: MomentType.DARE },
        { type: MomentType.SHARE, participants: { friend_ids: [], community_ids: [] } },
        { type: MomentType.SHARE },
      ]) {
        const res = await send(me, body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          error: 'no_participants',
          message: 'Please select at least one participant',
        });
      }
      expect(await deps.db.select().from(moments).where(eq(moments.producerId, me.userId))).toEqual([]);
    });

    it('a treasure with participants is 400', async () => {
      const { me, f1 } = await circle();
      const res = await send(me, toFriends([f1], { type: MomentType.TREASURE }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('treasure_has_participants');
      expect((await search(f1, 1)).incoming.pending).toEqual([]);
    });

    it('refuses a type outside 1..3', async () => {
      const { me, f1 } = await circle();
      const res = await send(me, toFriends([f1], { type: unchecked(4) }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('validation');
    });
  });

  it('participants with the factor Off make a share, its criteria not shown', async () => {
    const { me, f1 } = await circle();
    const res = await send(
      me,
      toFriends([f1], {
        factor: false,
        bg_app_id: AppId.GOJI_MOVE,
        criteria: [{ name: 'steps', show: true }],
      }),
    );
    expect(res.json()).toMatchObject({
      type: MomentType.SHARE,
      criteria: [{ name: 'steps', display_name: 'Steps', show: false }],
    });
    expect(idsOf((await search(f1, 1)).incoming.pending)).toEqual([res.json().moment_id]);
    expect((await notificationsOf(f1)).map((n) => n.type)).toEqual([NotificationType.FRIEND_STAR]);
  });

  it('participants with the factor On make a dare with the chosen criterion shown, and challenge them', async () => {
    const { me, f1, f2 } = await circle();
    const res = await send(me, toFriends([f1, f2], DARE));
    const dare = res.json();
    expect(dare).toMatchObject({
      type: MomentType.DARE,
      challenge_id: dare.moment_id,
      criteria: [{ name: 'distance', display_name: 'Distance', show: true }],
      message: 'Beat my run',
      participants: { friend_ids: [f1.userId, f2.userId], community_ids: [] },
      producer: { user_id: me.userId, display_name: me.username },
      app: { name: 'GojiMove', icon: 'gojimove' },
      friends: [
        { id: f1.userId, display_name: f1.username },
        { id: f2.userId, display_name: f2.username },
      ],
    });
    for (const friend of [f1, f2]) {
      const [challenge] = await notificationsOf(friend);
      expect(challenge).toMatchObject({
        type: NotificationType.FRIENDLY_CHALLENGE,
        data: {
          friendly: true,
          challenger_user_screen_name: me.username,
          name: 'Distance dare',
          description: 'Beat my run',
          metric: 'DISTANCE',
          metric_goal: 5.2,
          challenge_status: ChallengeStatus.AVAILABLE,
          id: dare.moment_id,
        },
      });
      const { start_date, end_date } = challenge.data;
      expect(Date.parse(end_date ?? '') - Date.parse(start_date ?? '')).toBe(7 * 86400000);
    }
  });

  it('a dare without an application carries its chosen general criterion and challenges on its metric', async () => {
    const { me, f1 } = await circle();
    const appless = (criteria: CreateMomentBody['criteria']) =>
      send(
        me,
        toFriends([f1], { factor: true, message: 'Walk longer', session_info: { duration: 40 }, criteria }),
      );
    const res = await appless([
      { name: 'duration', show: true },
      { name: 'calories', show: false },
    ]);
    expect(res.statusCode).toBe(200);
    const dare = res.json();
    expect(dare).toMatchObject({
      type: MomentType.DARE,
      bg_app_id: null,
      criteria: [{ name: 'duration', display_name: 'Duration', show: true }],
    });
    const [challenge] = await notificationsOf(f1);
    expect(challenge).toMatchObject({
      type: NotificationType.FRIENDLY_CHALLENGE,
      data: { name: 'Duration dare', metric: 'DURATION', metric_goal: 40, id: dare.moment_id },
    });
    // An application's own criterion is not a general one; a dare still carries exactly one.
    const steps = await appless([{ name: 'steps', show: true }]);
    expect(steps.statusCode).toBe(400);
    expect(steps.json()).toEqual({
      error: 'unknown_criterion',
      message: 'A moment without an app has no criterion steps',
    });
    expect((await appless([])).json().error).toBe('choose_one_criterion');
  });

  it("shows a private producer's persona in the challenge to friends only, the avatar identity to others", async () => {
    const { me, f1 } = await circle();
    const stranger = await signUp(app);
    const club = await communityOf([me, stranger]);
    await deps.db
      .update(users)
      .set({ privacySetting: PrivacySetting.PRIVATE, alias: uniqueName('mask') })
      .where(eq(users.id, me.userId));
    const [masked] = await deps.db.select({ alias: users.alias }).from(users).where(eq(users.id, me.userId));
    const participants = { friend_ids: [f1.userId], community_ids: [club.id] };
    expect((await send(me, { ...DARE, participants })).statusCode).toBe(200);

    const challengeTo = async (user: TestUser) =>
      (await notificationsOf(user))[0].data.challenger_user_screen_name;
    expect(await challengeTo(f1)).toBe(me.username);
    expect(await challengeTo(stranger)).toBe(masked.alias);
  });

  it('a dare carries exactly one known criterion of its application', async () => {
    const { me, f1 } = await circle();
    const none = await send(me, toFriends([f1], { ...DARE, criteria: [{ name: 'distance', show: false }] }));
    expect(none.json().error).toBe('choose_one_criterion');
    const two = await send(
      me,
      toFriends([f1], {
        ...DARE,
        criteria: [
          { name: 'distance', show: true },
          { name: 'steps', show: true },
        ],
      }),
    );
    expect(two.json().error).toBe('choose_one_criterion');
    const unknown = await send(me, toFriends([f1], { ...DARE, criteria: [{ name: 'level', show: true }] }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('unknown_criterion');
    expect((await search(f1, 1)).incoming.pending).toEqual([]);
  });

  it('refuses a message over 280 characters and an over-large session', async () => {
    const { me, f1 } = await circle();
    const long = await send(me, toFriends([f1], { message: 'x'.repeat(LIMITS.message + 1) }));
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe('message_too_long');
    const big = await send(
      me,
      toFriends([f1], { session_info: { blob: 'x'.repeat(MOMENT_SESSION_INFO_MAX) } }),
    );
    expect(big.statusCode).toBe(400);
    expect(big.json().error).toBe('session_info_too_long');
    expect((await send(me, toFriends([f1], { message: 'x'.repeat(LIMITS.message) }))).statusCode).toBe(200);
  });
});

describe('POST /user/moments: participants', () => {
  it('goes to my friends and my communities only, writing nothing otherwise', async () => {
    const { me, f1 } = await circle();
    const stranger = await signUp(app);
    const theirs = await communityOf([stranger]);
    const notFriend = await send(me, toFriends([f1, stranger]));
    expect(notFriend.statusCode).toBe(403);
    expect(notFriend.json().error).toBe('not_friends');
    const notMine = await send(me, { participants: { friend_ids: [], community_ids: [theirs.id] } });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().error).toBe('not_a_member');
    expect(await deps.db.select().from(moments).where(eq(moments.producerId, me.userId))).toEqual([]);
  });

  it('expands a community to its members at sending, the producer and later joiners excluded', async () => {
    const { me, f1 } = await circle();
    const [m1, m2, later] = [await signUp(app), await signUp(app), await signUp(app)];
    const club = await communityOf([me, m1, m2, f1]);
    const res = await send(me, {
      participants: { friend_ids: [f1.userId], community_ids: [club.id] },
      message: 'hello club',
    });
    expect(res.json()).toMatchObject({
      type: MomentType.SHARE,
      communities: [{ id: club.id, display_name: club.name }],
      friends: [{ id: f1.userId, display_name: f1.username }],
    });
    await deps.db.insert(communityMembers).values({ communityId: club.id, userId: later.userId });
    const recipients = await deps.db
      .select({ userId: momentRecipients.userId, via: momentRecipients.viaCommunityId })
      .from(momentRecipients)
      .where(eq(momentRecipients.momentId, res.json().moment_id));
    expect(new Map(recipients.map((r) => [r.userId, r.via]))).toEqual(
      new Map([
        [f1.userId, null],
        [m1.userId, club.id],
        [m2.userId, club.id],
      ]),
    );
    expect((await search(later, 1)).incoming.pending).toEqual([]);
  });
});

describe('GET /user/moments/search', () => {
  it('lists incoming dares and shares by filter: games 1, activities 2, users 3 (no application)', async () => {
    const { me, f1 } = await circle();
    const sent = async (bgAppId: number | null) =>
      (await send(me, toFriends([f1], { bg_app_id: bgAppId }))).json().moment_id;
    const game = await sent(AppId.GOJI_PLAY);
    const move = await sent(AppId.GOJI_MOVE);
    const plain = await sent(null);
    await send(me, { message: 'treasure', bg_app_id: AppId.GOJI_MOVE });
    expect(idsOf((await search(f1, 1)).incoming.pending)).toEqual([plain, move, game]);
    expect(idsOf((await search(f1, 1, MomentFilter.GAMES)).incoming.pending)).toEqual([game]);
    expect(idsOf((await search(f1, 1, MomentFilter.ACTIVITIES)).incoming.pending)).toEqual([move]);
    expect(idsOf((await search(f1, 1, MomentFilter.USERS)).incoming.pending)).toEqual([plain]);
    const outgoing = await search(me, 2, MomentFilter.ACTIVITIES);
    expect(outgoing.outgoing.map((m) => m.type)).toEqual([MomentType.TREASURE, MomentType.SHARE]);
    expect(outgoing.user_data).toMatchObject({ user_id: me.userId, display_name: me.username });
    expect(outgoing.incoming).toEqual({ pending: [], completed: [], ignored: [] });
  });

  it('sections incoming into pending, completed and expired or ignored', async () => {
    const { me, f1 } = await circle();
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await send(me, toFriends([f1]))).json().moment_id);
    const [pending, completed, ignored, expired] = ids;
    await inTransaction(unitOfWork(deps), (work) => completeMoment(work, completed, f1.userId, 3));
    await ignore(f1, { moment_id: ignored, bg_app_id: 2, app: 'shell' });
    await deps.db
      .update(momentRecipients)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(momentRecipients.momentId, expired), eq(momentRecipients.userId, f1.userId)));
    const incoming = (await search(f1, 1)).incoming;
    expect(idsOf(incoming.pending)).toEqual([pending]);
    expect(idsOf(incoming.completed)).toEqual([completed]);
    expect(incoming.completed[0].completed_date).not.toBeNull();
    expect(idsOf(incoming.ignored)).toEqual([expired, ignored]);
  });
});

describe('recipient-only status changes', () => {
  it('marks my pending moments seen, refusing a moment I did not receive', async () => {
    const { me, f1, f2 } = await circle();
    const id = (await send(me, toFriends([f1]))).json().moment_id;
    const seen = (who: TestUser, action: typeof MomentStatus.SEEN = MomentStatus.SEEN) =>
      call(app, 'momentsSeen', { headers: who.headers, body: { moments: [{ id, action }] } });
    const notMine = await seen(f2);
    expect(notMine.statusCode).toBe(404);
    expect((await seen(me)).statusCode).toBe(404);
    expect((await seen(f1, unchecked(MomentStatus.IGNORED))).statusCode).toBe(400);
    const res = await seen(f1);
    expect(res.json()).toEqual({ ok: true });
    expect((await search(f1, 1)).incoming.pending[0]).toMatchObject({
      moment_id: id,
      status: RecipientStatus.SEEN,
    });
  });

  it('ignores only my own received moment, and never a completed one', async () => {
    const { me, f1, f2 } = await circle();
    const [id, done] = [
      (await send(me, toFriends([f1]))).json().moment_id,
      (await send(me, toFriends([f1]))).json().moment_id,
    ];
    const ignoreFromShell = (who: TestUser, momentId: number) =>
      ignore(who, { moment_id: momentId, bg_app_id: 2, app: 'shell' });
    expect((await ignoreFromShell(f2, id)).statusCode).toBe(404);
    expect((await ignoreFromShell(me, id)).statusCode).toBe(404);
    expect((await ignoreFromShell(f1, id)).json()).toEqual({ ok: true });
    await inTransaction(unitOfWork(deps), (work) => completeMoment(work, done, f1.userId, 1));
    const completed = await ignoreFromShell(f1, done);
    expect(completed.statusCode).toBe(409);
    expect(completed.json().error).toBe('moment_completed');
    expect(idsOf((await search(f1, 1)).incoming.completed)).toEqual([done]);
  });
});

describe('replayed session and leaderboard', () => {
  it('answers the session to its producer and recipients only', async () => {
    const { me, f1, f2 } = await circle();
    const id = (await send(me, toFriends([f1], DARE))).json().moment_id;
    for (const who of [me, f1]) {
      const res = await call(app, 'replayedSession', {
        headers: who.headers,
        query: { bg_app_id: 2, app: 'shell', moment_id: id },
      });
      expect(res.json()).toEqual({ replayed_session: DARE.session_info });
    }
    const byStranger = { headers: f2.headers, query: { moment_id: id } };
    expect((await call(app, 'replayedSession', byStranger)).statusCode).toBe(404);
    expect((await call(app, 'momentLeaderboard', byStranger)).statusCode).toBe(404);
  });

  it('ranks the producer and the finishers by score, the caller first', async () => {
    const { me, f1, f2 } = await circle();
    const f3 = await signUp(app);
    await makeFriends(me, f3);
    const id = (await send(me, toFriends([f1, f2, f3], DARE))).json().moment_id;
    await inTransaction(unitOfWork(deps), async (work) => {
      await completeMoment(work, id, f1.userId, 4);
      await completeMoment(work, id, f2.userId, 9);
    });
    const board = async (who: TestUser) =>
      (await call(app, 'momentLeaderboard', { headers: who.headers, query: { moment_id: id } })).json()
        .leaderboard;
    expect(await board(f3)).toEqual([
      { user_id: f3.userId, identity: f3.username, score: null },
      { user_id: f2.userId, identity: f2.username, score: 9 },
      { user_id: me.userId, identity: me.username, score: 5.2 },
      { user_id: f1.userId, identity: f1.username, score: 4 },
    ]);
    expect((await board(f1)).map((e) => e.user_id)).toEqual([f1.userId, f2.userId, me.userId]);
  });
});

describe('moment stars', () => {
  it('a pending incoming moment orbits its recipient until ignored or expired', async () => {
    const { me, f1 } = await circle();
    const [a, b] = [
      (await send(me, toFriends([f1], DARE))).json().moment_id,
      (await send(me, toFriends([f1]))).json().moment_id,
    ];
    expect((await momentStarsOf(f1)).map((s) => s.star_id)).toEqual([`11:${b}`, `11:${a}`]);
    expect((await momentStarsOf(me)).map((s) => s.star_id)).toEqual([quietStarId(me)]);
    await ignore(f1, { moment_id: a });
    await deps.db
      .update(momentRecipients)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(momentRecipients.momentId, b));
    expect((await momentStarsOf(f1)).map((s) => s.star_id)).toEqual([quietStarId(f1)]);
  });

  it('a member with no moment at all has the MOMENTS star, shown, with nothing waiting', async () => {
    const { me } = await circle();
    const [star] = await momentStarsOf(me);
    expect(star).toMatchObject({ star_id: quietStarId(me), star_type: StarType.MOMENTS, badge_count: 0 });
    expect(star!.zone).toBeLessThan(STARFIELD.displayedZoneBelow);
  });
});

describe('completing a moment by logging a session', () => {
  const session = (overrides: Partial<LogSessionBody> = {}): LogSessionBody => ({
    activity_type: 1,
    start: new Date(Date.now() + 1000).toISOString(),
    duration_ms: 30 * 60 * 1000,
    distance: 6.5,
    distance_unit: 'km',
    ...overrides,
  });
  const log = async (user: TestUser, body: LogSessionBody) =>
    expect((await call(app, 'logActivity', { headers: user.headers, body })).statusCode).toBe(201);

  it('an activity session completes the open dares it answers, scored on the shown criterion', async () => {
    const { me, f1, f2 } = await circle();
    const running = (await send(me, toFriends([f1, f2], { ...DARE, activity_type: 1 }))).json().moment_id;
    const swimming = (await send(me, toFriends([f1], { ...DARE, activity_type: 2 }))).json().moment_id;
    const game = (
      await send(
        me,
        toFriends([f1], {
          ...DARE,
          bg_app_id: AppId.GOJI_PLAY,
          criteria: [{ name: 'score', display_name: 'Score', show: true }],
        }),
      )
    ).json().moment_id;
    await log(f1, session());
    const incoming = (await search(f1, 1)).incoming;
    expect(idsOf(incoming.completed)).toEqual([running]);
    expect(idsOf(incoming.pending).sort()).toEqual([swimming, game].sort());
    // The other recipient has not run yet.
    expect(idsOf((await search(f2, 1)).incoming.pending)).toEqual([running]);
    const [completed] = incoming.completed;
    expect(completed.completed_date).not.toBeNull();
    const [row] = await deps.db
      .select()
      .from(momentRecipients)
      .where(and(eq(momentRecipients.momentId, running), eq(momentRecipients.userId, f1.userId)));
    expect(row.score).toBe(6.5);
  });

  it('a session that started before the dare was sent, or an ignored dare, completes nothing', async () => {
    const { me, f1 } = await circle();
    const dare = (await send(me, toFriends([f1], { ...DARE, activity_type: 1 }))).json().moment_id;
    await log(f1, session({ start: new Date(Date.now() - 60 * 60 * 1000).toISOString() }));
    expect(idsOf((await search(f1, 1)).incoming.pending)).toEqual([dare]);
    await ignore(f1, { moment_id: dare });
    await log(f1, session());
    expect(idsOf((await search(f1, 1)).incoming.completed)).toEqual([]);
  });
});
