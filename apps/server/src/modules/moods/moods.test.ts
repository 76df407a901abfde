import { MOOD_INSIGHTS_DAYS, Mood } from '@orbit/contract';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityLogs, moodHistory, users } from '../../db/schema';
import { call, unchecked } from '../../test/call';
import { feedFixtures } from '../../test/feeds';
import { createTestApp, signUp, type TestUser } from '../../test/harness';
import { localDay } from '../activities';
import { moodInsights } from './insights';

const ctx = await createTestApp();
const { app, deps } = ctx;
const { setUser } = feedFixtures(ctx);
const { HAPPY, SAD, DEPRESSED, ANXIOUS, EXCITED } = Mood;

const setMood = (user: TestUser, mood: number) =>
  call(app, 'updateUser', { headers: user.headers, body: { gojimoji: { mood } } });
const insights = (user: TestUser, query?: Record<string, unknown>) =>
  call(app, 'moodInsights', { headers: user.headers, query: unchecked(query) });

/** Moods written straight in, at exact instants: [instant, mood]. */
async function moodsAt(user: TestUser, moods: [string, number][]) {
  await deps.db
    .insert(moodHistory)
    .values(moods.map(([at, mood]) => ({ userId: user.userId, mood, setAt: new Date(at) })));
}

/** Activity logs written straight in, at exact instants: [start, minutes]. */
async function logsAt(user: TestUser, logs: [string, number][]) {
  await deps.db.insert(activityLogs).values(
    logs.map(([at, minutes]) => ({
      userId: user.userId,
      activityType: 1,
      sessionType: 1,
      startedAt: new Date(at),
      durationMs: minutes * 60_000,
    })),
  );
}

const recorded = (user: TestUser) =>
  deps.db
    .select({ mood: moodHistory.mood })
    .from(moodHistory)
    .where(eq(moodHistory.userId, user.userId))
    .orderBy(asc(moodHistory.setAt), asc(moodHistory.id));

describe('GET /user/mood/insights', () => {
  it('answers every day of the last week, today last, with the moods set today in order', async () => {
    const member = await signUp(app);
    for (const mood of [DEPRESSED, EXCITED, DEPRESSED])
      expect((await setMood(member, mood)).statusCode).toBe(200);
    const res = await insights(member);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.days).toHaveLength(MOOD_INSIGHTS_DAYS.default);
    const [{ timezone }] = await deps.db.select().from(users).where(eq(users.id, member.userId));
    const today = localDay(new Date(), timezone);
    expect(body.days.at(-1)).toEqual({
      date: today,
      moods: [DEPRESSED, EXCITED, DEPRESSED],
      active_minutes: 0,
    });
    expect(body.days.slice(0, -1).every((d: { moods: number[] }) => d.moods.length === 0)).toBe(true);
    expect(body.summary).toEqual({
      most_common_mood: DEPRESSED,
      active_days_mood: null,
      rest_days_mood: DEPRESSED,
    });
    expect((await insights(member, { days: 365 })).json().days).toHaveLength(365);
  });

  it('counts the days back from today in the member time zone, active minutes and moods by local day', async () => {
    const member = await signUp(app);
    await setUser(member, { timezone: 'Asia/Tokyo' });
    // Tokyo is UTC+9: 20 Nov 2026 00:00 there is 19 Nov 15:00 UTC.
    await moodsAt(member, [
      ['2026-11-13T14:59:00Z', SAD], // 13 Nov 23:59 local: the day before the week
      ['2026-11-13T15:00:00Z', HAPPY], // 14 Nov 00:00 local: its first day
      ['2026-11-19T14:59:00Z', ANXIOUS], // 19 Nov 23:59 local
      ['2026-11-19T15:00:00Z', EXCITED], // 20 Nov 00:00 local: today
    ]);
    await logsAt(member, [
      ['2026-11-19T14:50:00Z', 30], // 19 Nov local
      ['2026-11-19T15:10:00Z', 20], // 20 Nov local
      ['2026-11-19T16:00:00Z', 0.5], // 20 Nov local: 20 + 0.5 rounds to 21
    ]);
    const now = new Date('2026-11-19T20:00:00Z'); // 20 Nov 05:00 in Tokyo, still 19 Nov in UTC
    const { days } = await moodInsights(deps, member.userId, 7, now);
    expect(days.map((d) => d.date)).toEqual([
      '2026-11-14',
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
    ]);
    expect(days[0]).toEqual({ date: '2026-11-14', moods: [HAPPY], active_minutes: 0 });
    expect(days[1]).toEqual({ date: '2026-11-15', moods: [], active_minutes: 0 });
    expect(days[5]).toEqual({ date: '2026-11-19', moods: [ANXIOUS], active_minutes: 30 });
    expect(days[6]).toEqual({ date: '2026-11-20', moods: [EXCITED], active_minutes: 21 });
    // Read in UTC the same instant is still 19 Nov: the week shifts a day back.
    await setUser(member, { timezone: 'UTC' });
    const utc = await moodInsights(deps, member.userId, 7, now);
    expect(utc.days.map((d) => d.date).at(-1)).toBe('2026-11-19');
    expect(utc.days[0]).toEqual({ date: '2026-11-13', moods: [SAD, HAPPY], active_minutes: 0 });
    expect(utc.days.at(-1)).toEqual({ date: '2026-11-19', moods: [ANXIOUS, EXCITED], active_minutes: 51 });
  });

  it('summarises the most common mood, on active days and on rest days, a tie going to the mood set last', async () => {
    const member = await signUp(app);
    await setUser(member, { timezone: 'UTC' });
    await moodsAt(member, [
      ['2026-03-02T08:00:00Z', HAPPY], // active day
      ['2026-03-02T20:00:00Z', EXCITED], // active day
      ['2026-03-03T09:00:00Z', EXCITED], // active day
      ['2026-03-04T09:00:00Z', SAD], // rest day
      ['2026-03-05T09:00:00Z', DEPRESSED], // rest day: ties SAD, set later
      ['2026-03-06T09:00:00Z', HAPPY], // active day
    ]);
    await logsAt(member, [
      ['2026-03-02T07:00:00Z', 40],
      ['2026-03-02T18:00:00Z', 15],
      ['2026-03-03T07:00:00Z', 25],
      ['2026-03-06T07:00:00Z', 60],
      ['2026-03-07T07:00:00Z', 10], // active, without a mood
    ]);
    const now = new Date('2026-03-08T12:00:00Z');
    const insights = await moodInsights(deps, member.userId, 7, now);
    expect(insights.days.map((d) => [d.date, d.moods, d.active_minutes])).toEqual([
      ['2026-03-02', [HAPPY, EXCITED], 55],
      ['2026-03-03', [EXCITED], 25],
      ['2026-03-04', [SAD], 0],
      ['2026-03-05', [DEPRESSED], 0],
      ['2026-03-06', [HAPPY], 60],
      ['2026-03-07', [], 10],
      ['2026-03-08', [], 0],
    ]);
    // All: HAPPY 2, EXCITED 2, HAPPY set last. Active days: the same. Rest days: SAD 1, DEPRESSED 1, set last.
    expect(insights.summary).toEqual({
      most_common_mood: HAPPY,
      active_days_mood: HAPPY,
      rest_days_mood: DEPRESSED,
    });
    // Thirty days from the same moment reach back past nothing: the same summary over 30 continuous days.
    const month = await moodInsights(deps, member.userId, 30, now);
    expect(month.days).toHaveLength(30);
    expect(month.days[0].date).toBe('2026-02-07');
    expect(month.summary).toEqual(insights.summary);
    // A week with no moods at all: every summary is null, every day still there.
    const empty = await moodInsights(deps, member.userId, 7, new Date('2026-01-15T12:00:00Z'));
    expect(empty.days).toHaveLength(7);
    expect(empty.summary).toEqual({ most_common_mood: null, active_days_mood: null, rest_days_mood: null });
  });

  it("answers only the caller's own moods: no member can be named, nobody else's appear", async () => {
    const [member, other] = [await signUp(app), await signUp(app)];
    await setMood(member, ANXIOUS);
    const mine = (await insights(other)).json();
    expect(mine.days.flatMap((d: { moods: number[] }) => d.moods)).toEqual([]);
    for (const query of [{ user_id: member.userId }, { friend_id: member.userId }]) {
      const refused = await insights(other, query);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe('validation');
    }
    const anonymous = await call(app, 'moodInsights');
    expect(anonymous.statusCode).toBe(401);
  });

  it.each(['6', '366', '0', '-7', '7.5', 'week', ''])(
    'refuses days=%s with a validation error',
    async (days) => {
      const member = await signUp(app);
      const res = await insights(member, { days });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation', message: expect.any(String) });
    },
  );
});

describe('mood history', () => {
  it('keeps every mood set, the same one again too, and nothing for a refused one', async () => {
    const member = await signUp(app);
    for (const mood of [HAPPY, HAPPY, SAD]) await setMood(member, mood);
    expect((await setMood(member, 6)).statusCode).toBe(400);
    expect(
      (await call(app, 'updateUser', { headers: member.headers, body: { gojimoji: { tags: ['calm'] } } }))
        .statusCode,
    ).toBe(200);
    expect((await recorded(member)).map((r) => r.mood)).toEqual([HAPPY, HAPPY, SAD]);
  });

  it('records concurrent mood changes from two devices, each one, in the order they were applied', async () => {
    const member = await signUp(app);
    const login = await call(app, 'login', {
      body: { identity: member.username, password: member.password },
    });
    const signedIn = login.json();
    if (!('user_token' in signedIn)) throw new Error('a second factor was asked for');
    const phone = { ...member, headers: { authorization: `Bearer ${signedIn.user_token}` } };
    const moods = [HAPPY, SAD, DEPRESSED, ANXIOUS, EXCITED, SAD];
    const replies = await Promise.all(moods.map((mood, i) => setMood(i % 2 ? phone : member, mood)));
    expect(replies.map((r) => r.statusCode)).toEqual(moods.map(() => 200));
    const history = (await recorded(member)).map((r) => r.mood);
    expect([...history].sort()).toEqual([...moods].sort());
    // The last change applied is the member's mood now.
    const [row] = await deps.db.select().from(users).where(eq(users.id, member.userId));
    expect(row.mood).toBe(history.at(-1));
  });
});
