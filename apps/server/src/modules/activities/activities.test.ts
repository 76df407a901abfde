import { AccessType, EventType, type IngestSessionBody, PostType, PrivacySetting } from '@orbit/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { activityLogPosts, activityLogs, posts } from '../../db/schema';
import { call } from '../../test/call';
import { feedFixtures } from '../../test/feeds';
import { createTestApp, signUp, type TestUser } from '../../test/harness';
import { startingNow } from '../../test/sessions';
import { activityHistory } from './history';
import { leaderboard } from './leaderboard';
import type { LeaderboardCache } from './leaderboard-cache';
import { inMemberZone } from './period';
import { ingestActivity, logActivity } from './service';
import { activitySummary } from './summary';

const ctx = await createTestApp();
const { app, deps } = ctx;
const { befriend, community, setUser, eventsOf } = feedFixtures(ctx);

const run = (overrides: Partial<IngestSessionBody> = {}) => ({
  activity_type: 1,
  start: startingNow(),
  duration_ms: 30 * 60 * 1000,
  calories: 320,
  steps: 4200,
  distance: 5,
  distance_unit: 'km' as const,
  ...overrides,
});
const logRun = (user: TestUser, overrides: Partial<IngestSessionBody> = {}) =>
  call(app, 'logActivity', { headers: user.headers, body: run(overrides) });
/** Within a kept board's 15 s: a change the board did not hear of fails the wait. */
const HEARD = { timeout: 5_000, interval: 50 };

const globalBoard = (user: TestUser) =>
  call(app, 'leaderboard', { headers: user.headers, query: { global: true } });

const sessionsOf = (user: TestUser) =>
  deps.db.select().from(activityLogs).where(eq(activityLogs.userId, user.userId));
const postsOf = (user: TestUser) => deps.db.select().from(posts).where(eq(posts.ownerUserId, user.userId));

describe('logging a session', () => {
  it('records it with a SYSTEM_ACTIVITY post on the member feed and SESSION_ACTIVITY to the member', async () => {
    const member = await signUp(app);
    const res = await logRun(member, { session_type: 69, steps: 800 });
    expect(res.statusCode).toBe(201);
    const { session } = res.json();
    expect(session).toMatchObject({
      activity_name: 'running',
      duration_ms: 1800000,
      steps: null,
      strokes: 800,
    });
    // unit_preference 1 (the registration default) reads miles: 5 km is 3.11 miles.
    expect(session).toMatchObject({ distance: 3.11, distance_unit: 'mile' });
    const feed = (await call(app, 'userFeeds', { headers: member.headers })).json().user_feeds;
    expect(feed[0]).toMatchObject({ id: session.feed_id, type: PostType.SYSTEM_ACTIVITY, message: '' });
    expect(feed[0].activity).toMatchObject({
      duration: 1800000,
      calories: 320,
      strokes: 800,
      distance: 3.11,
    });
    const sent = await eventsOf(member);
    expect(sent.map((e) => e.type)).toEqual(
      expect.arrayContaining([EventType.SESSION_ACTIVITY, EventType.USER_POST]),
    );
    expect(sent.find((e) => e.type === EventType.SESSION_ACTIVITY)?.data).toMatchObject({ id: session.id });
  });

  it.each([
    [{ activity_type: 71 }, 'invalid_activity_type'],
    [{ activity_type: 123 }, 'validation'],
    [{ activity_type: -3 }, 'validation'],
    [{ duration_ms: 0 }, 'validation'],
    [{ duration_ms: 24 * 60 * 60 * 1000 + 1 }, 'validation'],
    [{ calories: 20001 }, 'validation'],
    [{ start: new Date(Date.now() + 60 * 60 * 1000).toISOString() }, 'invalid_session'],
    [{ start: 'yesterday' }, 'validation'],
  ])('refuses %o with %s and writes nothing', async (change, code) => {
    const member = await signUp(app);
    const res = await logRun(member, change);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(code);
    expect(await sessionsOf(member)).toHaveLength(0);
    expect(await postsOf(member)).toHaveLength(0);
  });
});

describe('ingestion', () => {
  it('is documented in the OpenAPI document', async () => {
    // The OpenAPI document is served beside the API, not one of its endpoints.
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const route = doc.paths['/api/integrations/activity/sessions']?.post;
    expect(route?.tags).toEqual(['activity']);
    expect(route?.requestBody?.content?.['application/json']?.schema?.required).toEqual(
      expect.arrayContaining(['app_id', 'external_id', 'activity_type', 'start', 'duration_ms']),
    );
  });

  const ingest = (user: TestUser, overrides: Partial<IngestSessionBody> = {}) =>
    call(app, 'ingestActivity', {
      headers: user.headers,
      body: { ...run(), app_id: 6, external_id: 'fitbit-1', ...overrides },
    });

  it('is idempotent by external id: a resend answers the first session and records nothing more', async () => {
    const member = await signUp(app);
    const first = await ingest(member);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ created: true, session: { app_id: 6, external_id: 'fitbit-1' } });
    const again = await ingest(member, { duration_ms: 99000 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...first.json(), created: false });
    expect(await sessionsOf(member)).toHaveLength(1);
    expect(await postsOf(member)).toHaveLength(1);
    const sessionEvents = (await eventsOf(member)).filter((e) => e.type === EventType.SESSION_ACTIVITY);
    expect(sessionEvents).toHaveLength(1);
  });

  it('records one session when the same id arrives twice at once', async () => {
    const member = await signUp(app);
    const both = await Promise.all([
      ingestActivity(deps, member.userId, run({ app_id: 2, external_id: 'move-7' }) as never),
      ingestActivity(deps, member.userId, run({ app_id: 2, external_id: 'move-7' }) as never),
    ]);
    expect(both.map((b) => b.created).sort()).toEqual([false, true]);
    expect(both[0].session.id).toBe(both[1].session.id);
    expect(await sessionsOf(member)).toHaveLength(1);
  });

  it('keeps ids apart per application and per member', async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    expect((await ingest(a)).statusCode).toBe(201);
    expect((await ingest(a, { app_id: 5 })).statusCode).toBe(201);
    expect((await ingest(b)).statusCode).toBe(201);
    expect(await sessionsOf(a)).toHaveLength(2);
  });

  it('takes negative activity ids but refuses 71, unknown apps and missing external ids', async () => {
    const member = await signUp(app);
    expect((await ingest(member, { activity_type: -4 })).json().session.activity_name).toBe('cycling');
    for (const [change, code] of [
      [{ activity_type: -71, external_id: 'x1' }, 'invalid_activity_type'],
      [{ app_id: 8, external_id: 'x2' }, 'validation'],
      [{ external_id: '' }, 'validation'],
    ] as const) {
      const res = await ingest(member, change);
      expect(res.json().error).toBe(code);
    }
    expect(await sessionsOf(member)).toHaveLength(1);
  });
});

/** Sessions written straight in, at exact instants. */
async function sessionsAt(user: TestUser, starts: string[], activityType = 1, durationMs = 600000) {
  await deps.db.insert(activityLogs).values(
    starts.map((s) => ({
      userId: user.userId,
      activityType,
      sessionType: activityType,
      startedAt: new Date(s),
      durationMs,
    })),
  );
}

describe('THIS WEEK summary', () => {
  it('starts the week on Monday at midnight in the member time zone', async () => {
    const member = await signUp(app);
    await setUser(member, { timezone: 'Asia/Tokyo' });
    // Tokyo is UTC+9: Monday 16 Nov 2026 00:00 there is Sunday 15 Nov 15:00 UTC.
    await sessionsAt(member, ['2026-11-15T14:59:00Z', '2026-11-15T15:00:00Z', '2026-11-22T14:59:00Z']);
    await sessionsAt(member, ['2026-11-22T15:00:00Z'], 2);
    const now = new Date('2026-11-18T12:00:00Z');
    const summary = await activitySummary(deps, member.userId, {}, now);
    expect(summary).toMatchObject({ start_date: '2026-11-16', end_date: '2026-11-22' });
    expect(summary.activities).toEqual([
      expect.objectContaining({ type: 1, activity_name: 'running', duration_millis: 1200000, sessions: 2 }),
    ]);
    // Read in New York (UTC-5) the week runs from 16 Nov 05:00 UTC: both Sunday sessions fall before it.
    await setUser(member, { timezone: 'America/New_York' });
    const ny = await activitySummary(deps, member.userId, {}, now);
    expect(ny.activities.map((a) => [a.type, a.sessions])).toEqual([
      [1, 1],
      [2, 1],
    ]);
  });

  it('is the member and their friends only', async () => {
    const [member, friend, stranger] = [await signUp(app), await signUp(app), await signUp(app)];
    await befriend(member, friend);
    const summaryOf = (user: TestUser) =>
      call(app, 'activitySummary', { headers: user.headers, query: { user_id: member.userId } });
    expect((await summaryOf(friend)).statusCode).toBe(200);
    const refused = await summaryOf(stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('not_friends');
  });
});

describe('history', () => {
  it('groups a month by local day and by activity, with totals', async () => {
    const member = await signUp(app);
    await setUser(member, { timezone: 'America/Los_Angeles' });
    // 1 Nov 2026 06:30 UTC is 31 Oct 23:30 in Los Angeles (UTC-7): October, not November.
    await sessionsAt(member, ['2026-11-01T06:30:00Z']);
    await sessionsAt(member, ['2026-11-02T18:00:00Z', '2026-11-02T20:00:00Z'], 1);
    await sessionsAt(member, ['2026-11-02T21:00:00Z'], 9, 1200000);
    await sessionsAt(member, ['2026-12-01T07:59:00Z'], 4); // 30 Nov 23:59 local
    const now = new Date('2026-12-10T12:00:00Z');
    const byDate = await activityHistory(deps, member.userId, { year: 2026, month: 11 }, now);
    expect(byDate.total_duration_millis).toBe(600000 * 3 + 1200000);
    expect(byDate.activities.map((a) => [a.day, a.type, a.duration_millis, a.total_duration_millis])).toEqual(
      [
        ['2026-11-02', 1, 1200000, 2400000],
        ['2026-11-02', 9, 1200000, 2400000],
        ['2026-11-30', 4, 600000, 600000],
      ],
    );
    const byActivity = await activityHistory(
      deps,
      member.userId,
      { year: 2026, month: 11, group_by: 'activity' },
      now,
    );
    expect(byActivity.activities.map((a) => [a.name, a.duration_millis])).toEqual([
      ['running', 1200000],
      ['yoga', 1200000],
      ['cycling', 600000],
    ]);
    const year = await activityHistory(deps, member.userId, { year: 2026, group_by: 'activity' }, now);
    expect(year.activities_by_month).toHaveLength(12);
    expect(year.activities_by_month[9]).toMatchObject({ month: 10, total_duration_millis: 600000 });
    expect(year.activities[0]).toMatchObject({ type: 1, duration_millis: 1800000 });
  });

  it('narrows to an activity, a session type or an application', async () => {
    const member = await signUp(app);
    await setUser(member, { timezone: 'UTC' });
    await sessionsAt(member, ['2026-11-02T10:00:00Z'], 1, 600000);
    await sessionsAt(member, ['2026-11-03T10:00:00Z'], 9, 1200000);
    await deps.db.insert(activityLogs).values({
      userId: member.userId,
      activityType: 1,
      sessionType: 69,
      startedAt: new Date('2026-11-04T10:00:00Z'),
      durationMs: 1800000,
      appId: 2,
      externalId: 'swim-1',
    });
    const now = new Date('2026-12-10T12:00:00Z');
    const lines = async (filters: { type?: number; session_type?: number; bg_app_id?: number }) =>
      (
        await activityHistory(deps, member.userId, { year: 2026, group_by: 'activity', ...filters }, now)
      ).activities.map((a) => [a.type, a.session_type, a.duration_millis]);
    expect(await lines({})).toEqual([
      [1, 69, 1800000],
      [9, 9, 1200000],
      [1, 1, 600000],
    ]);
    expect(await lines({ type: 1 })).toEqual([
      [1, 69, 1800000],
      [1, 1, 600000],
    ]);
    expect(await lines({ session_type: 9 })).toEqual([[9, 9, 1200000]]);
    expect(await lines({ bg_app_id: 2 })).toEqual([[1, 69, 1800000]]);
    expect(await lines({ type: 9, bg_app_id: 2 })).toEqual([]);
  });

  it('follows a change of time zone from one read to the next', async () => {
    const member = await signUp(app);
    await setUser(member, { timezone: 'UTC' });
    // 1 Nov 2026 06:30 UTC is still 31 Oct in Los Angeles.
    await sessionsAt(member, ['2026-11-01T06:30:00Z']);
    const now = new Date('2026-12-10T12:00:00Z');
    const monthOfSession = async () =>
      (
        await activityHistory(deps, member.userId, { year: 2026, group_by: 'activity' }, now)
      ).activities_by_month
        .filter((m) => m.total_duration_millis > 0)
        .map((m) => m.month);
    expect(await monthOfSession()).toEqual([11]);
    // Moved in the profile: this instance forgets the kept history at once.
    const moveTo = async (timezone: string) =>
      expect(
        (await call(app, 'updateUser', { headers: member.headers, body: { timezone } })).statusCode,
      ).toBe(200);
    await moveTo('America/Los_Angeles');
    expect(await monthOfSession()).toEqual([10]);
    await moveTo('UTC');
    expect(await monthOfSession()).toEqual([11]);
    // Moved by another process (straight in SQL): heard at its commit, or found by the check.
    await setUser(member, { timezone: 'America/Los_Angeles' });
    await vi.waitFor(async () => expect(await monthOfSession()).toEqual([10]), HEARD);
    await setUser(member, { timezone: 'UTC' });
    // The board's week too: Monday 16 Nov 03:00 UTC is still Sunday 15 Nov in New York.
    const monday = new Date('2026-11-16T03:00:00Z');
    const weekStart = async () =>
      (await leaderboard(deps, member.userId, { global: true }, monday)).start_date;
    expect(await weekStart()).toBe('2026-11-16');
    // Straight in SQL again: a kept board hears it at the commit's notification (decision 0077).
    await setUser(member, { timezone: 'America/New_York' });
    await vi.waitFor(async () => expect(await weekStart()).toBe('2026-11-09'), HEARD);
  });

  it("reads in the member's zone at the first try once their home was read", async () => {
    /** The zones a read runs in for `user`, whose stored zone the read finds to be `stored`. */
    const zonesTried = async (user: TestUser, stored: string) => {
      const tried: string[] = [];
      await inMemberZone(user.userId, async (zone) => {
        tried.push(zone);
        return { memberZone: stored, value: null };
      });
      return tried;
    };
    const member = await signUp(app);
    await setUser(member, { timezone: 'America/New_York' });
    expect((await zonesTried(member, 'America/New_York')).at(-1)).toBe('America/New_York');
    // The member moves; a read guesses the zone the last one ran in, unless the home has told it since.
    await setUser(member, { timezone: 'Asia/Tokyo' });
    expect((await call(app, 'profiles', { headers: member.headers })).statusCode).toBe(200);
    expect(await zonesTried(member, 'Asia/Tokyo')).toEqual(['Asia/Tokyo']);
  });

  it("is served again only while the owner's sessions stand still, whoever wrote them", async () => {
    const [member, friend] = [await signUp(app), await signUp(app)];
    await befriend(member, friend);
    await setUser(member, { timezone: 'UTC' });
    await sessionsAt(member, ['2026-11-02T10:00:00Z']);
    const now = new Date('2026-12-10T12:00:00Z');
    const yearOf = (caller: TestUser) =>
      activityHistory(
        deps,
        caller.userId,
        { year: 2026, group_by: 'activity', friend_id: member.userId },
        now,
      );
    // Kept once the setup's own notification has come: the same answer, for the member and their friend.
    let first = await yearOf(member);
    await vi.waitFor(async () => {
      const again = await yearOf(member);
      if (again !== first) first = again;
      expect(again).toBe(first);
      expect(await yearOf(friend)).toBe(first);
    });
    // Written straight into the table, as a seed, an import or another instance would: no call here knows.
    // The triggers notify every instance at the commit, and a kept answer not heard of is checked.
    const totalBecomes = (caller: TestUser, total: number) =>
      vi.waitFor(async () => expect((await yearOf(caller)).total_duration_millis).toBe(total));
    await sessionsAt(member, ['2026-11-03T10:00:00Z'], 9, 1200000);
    await totalBecomes(friend, 600000 + 1200000);
    await deps.db
      .update(activityLogs)
      .set({ durationMs: 60000 })
      .where(and(eq(activityLogs.userId, member.userId), eq(activityLogs.activityType, 9)));
    await totalBecomes(member, 600000 + 60000);
    await deps.db.delete(activityLogs).where(eq(activityLogs.userId, member.userId));
    await totalBecomes(member, 0);
    // Sessions logged at once, read meanwhile: the last read counts every one.
    const logged = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2 === 0 ? logRun(member, { duration_ms: 60000 * (i + 1) }) : yearOf(friend),
      ),
    );
    expect(logged.filter((r) => 'statusCode' in r).map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const thisYear = new Date().getUTCFullYear();
    const total = (
      await activityHistory(deps, friend.userId, {
        year: thisYear,
        friend_id: member.userId,
        group_by: 'activity',
      })
    ).total_duration_millis;
    expect(total).toBe(60000 * (1 + 3 + 5 + 7));
  });

  it('covers the last 12 months and the current and two previous years only', async () => {
    const member = await signUp(app);
    const now = new Date('2026-06-15T12:00:00Z');
    const at = (query: { year: number; month?: number }) => activityHistory(deps, member.userId, query, now);
    await expect(at({ year: 2025, month: 7 })).resolves.toBeTruthy();
    await expect(at({ year: 2024 })).resolves.toBeTruthy();
    for (const query of [
      { year: 2025, month: 6 },
      { year: 2026, month: 7 },
      { year: 2023 },
      { year: 2027 },
    ]) {
      await expect(at(query)).rejects.toMatchObject({ status: 400, code: 'history_out_of_range' });
    }
    const res = await call(app, 'activityHistory', { headers: member.headers, query: { year: 2001 } });
    expect(res.json().error).toBe('history_out_of_range');
  });
});

describe('leaderboard', () => {
  it('ranks this week, the caller first, by community or globally', async () => {
    const [me, fast, slow, outsider] = [
      await signUp(app),
      await signUp(app),
      await signUp(app),
      await signUp(app),
    ];
    const now = new Date();
    const recent = [startingNow(now)];
    await sessionsAt(fast, recent, 1, 3600000);
    await sessionsAt(slow, recent, 1, 60000);
    await sessionsAt(outsider, recent, 1, 7200000);
    const communityId = await community(fast, [me, slow]);
    const board = await leaderboard(deps, me.userId, { leaderboard_community_id: communityId }, now);
    expect(board.scores.map((s) => [s.user_id, s.score, s.rank, s.is_me])).toEqual([
      [me.userId, 0, null, true],
      [fast.userId, 3600000, 1, false],
      [slow.userId, 60000, 2, false],
    ]);
    const global = await globalBoard(me);
    const ids = global.json().scores.map((s) => s.user_id);
    expect(ids[0]).toBe(me.userId);
    expect(ids.indexOf(outsider.userId)).toBeLessThan(ids.indexOf(fast.userId));
  });

  it('answers the kept global board only while no session changed, whoever wrote it', async () => {
    const [me, rival] = [await signUp(app), await signUp(app)];
    const board = async () => {
      const res = await globalBoard(me);
      expect(res.statusCode).toBe(200);
      return res.json().scores;
    };
    const lineOf = (scores: { user_id: number }[], user: TestUser) =>
      scores.find((s) => s.user_id === user.userId);
    expect(lineOf(await board(), rival)).toBeUndefined();
    // Written straight into the table, as a seed or another instance would: no call of this process knows.
    // A kept board hears it at the commit's notification (decision 0077).
    const recent = [startingNow()];
    await sessionsAt(rival, recent, 1, 2_000_000_000);
    await vi.waitFor(
      async () => expect(lineOf(await board(), rival)).toMatchObject({ rank: 1, score: 2_000_000_000 }),
      HEARD,
    );
    await deps.db.delete(activityLogs).where(eq(activityLogs.userId, rival.userId));
    await vi.waitFor(async () => expect(lineOf(await board(), rival)).toBeUndefined(), HEARD);
    // Logged through this instance: the writer's next read sees it at once.
    const logged = await logRun(me, { start: startingNow(), duration_ms: 24 * 3600000 });
    expect(logged.statusCode).toBe(201);
    expect((await board())[0]).toMatchObject({ user_id: me.userId, score: 24 * 3600000, rank: 1 });
  });

  it('shows the faces on a kept board as they are now', async () => {
    const [me, rival] = [await signUp(app), await signUp(app)];
    await sessionsAt(rival, [startingNow()], 1, 2_000_000_001);
    const alias = `mask${rival.userId}`;
    const nameOfRival = async () => {
      const res = await globalBoard(me);
      const line = res.json().scores.find((s) => s.user_id === rival.userId);
      return line?.identity.screen_name;
    };
    expect(await nameOfRival()).toBe(rival.username);
    // Written with no event: a kept board hears it at the commit's notification (migration 0031).
    await setUser(rival, { privacySetting: PrivacySetting.PRIVATE, alias });
    await vi.waitFor(async () => expect(await nameOfRival()).toBe(alias), HEARD);
    // Friends through the API: the caller's own events drop their kept board at once.
    for (const [from, to] of [
      [me, rival],
      [rival, me],
    ]) {
      const asked = await call(app, 'friendRequest', { headers: from.headers, body: { user_id: to.userId } });
      expect(asked.statusCode).toBe(200);
    }
    expect(await nameOfRival()).toBe(rival.username);
    await deps.db.delete(activityLogs).where(eq(activityLogs.userId, rival.userId));
  });

  it('serves a kept global board again with no statement where sessions and faces are heard', async () => {
    const me = await signUp(app);
    const kept = deps.leaderboards as LeaderboardCache;
    const first = (await globalBoard(me)).json();
    // Both databases hear their notifications (decision 0080). Once the notifications of earlier tests' writes have come, the second of two reads is served as kept.
    await vi.waitFor(async () => {
      await globalBoard(me);
      const hits = kept.counts.hits;
      expect((await globalBoard(me)).json()).toEqual(first);
      expect(kept.counts.hits).toBe(hits + 1);
    });
  });

  it('needs a scope and keeps private boards to their members', async () => {
    const [expert, stranger] = [await signUp(app), await signUp(app)];
    const secret = await community(expert, [], AccessType.PRIVATE);
    const none = await call(app, 'leaderboard', { headers: stranger.headers });
    expect(none.json().error).toBe('leaderboard_needs_scope');
    const hidden = await call(app, 'leaderboard', {
      headers: stranger.headers,
      query: { community_id: secret },
    });
    expect(hidden.statusCode).toBe(404);
  });
});

describe('activity and game stars', () => {
  it('shows the activities done lately and the games played', async () => {
    const member = await signUp(app);
    await logActivity(deps, member.userId, run() as never);
    await ingestActivity(
      deps,
      member.userId,
      run({ app_id: 1, external_id: 'g1', activity_type: -12 }) as never,
    );
    const res = await call(app, 'profiles', { headers: member.headers });
    expect(res.statusCode, res.body).toBe(200);
    const stars = res.json().stars;
    expect(stars).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ star_type: 8, name: 'running', zone: 1 }),
        expect.objectContaining({ star_type: 10, name: 'cooking' }),
      ]),
    );
    const links = await deps.db.select().from(activityLogPosts);
    expect(links.length).toBeGreaterThan(0);
  });
});
