import type { WeeklyGoal } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { activityLogs } from '../../db/schema';
import { call, unchecked } from '../../test/call';
import { createTestApp, signUp, type TestUser } from '../../test/harness';

const ctx = await createTestApp();
const { app, deps } = ctx;

const setGoal = (user: TestUser, body: WeeklyGoal) =>
  call(app, 'updateWeeklyGoal', { headers: user.headers, body });
const goalOf = async (user: TestUser) => (await call(app, 'weeklyGoal', { headers: user.headers })).json();
const setZone = (user: TestUser, timezone: string) =>
  call(app, 'updateUser', { headers: user.headers, body: { timezone } });
const progressAt = async (user: TestUser, iso: string) => {
  deps.clock = () => new Date(iso);
  try {
    const res = await call(app, 'goalProgress', { headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  } finally {
    deps.clock = () => new Date();
  }
};

/** Sessions written straight in, at exact instants. */
async function sessionsAt(user: TestUser, starts: string[], durationMs = 20 * 60_000) {
  await deps.db.insert(activityLogs).values(
    starts.map((s) => ({
      userId: user.userId,
      activityType: 1,
      sessionType: 1,
      startedAt: new Date(s),
      durationMs,
    })),
  );
}

describe('the weekly goal', () => {
  it('is null until set, takes 10 to 3000 whole minutes, and clears with null', async () => {
    const user = await signUp(app);
    expect(await goalOf(user)).toEqual({ weekly_active_minutes: null });
    const set = await setGoal(user, { weekly_active_minutes: 150 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ weekly_active_minutes: 150 });
    expect(await goalOf(user)).toEqual({ weekly_active_minutes: 150 });
    for (const edge of [10, 3000])
      expect((await setGoal(user, { weekly_active_minutes: edge })).statusCode).toBe(200);
    expect((await setGoal(user, { weekly_active_minutes: null })).json()).toEqual({
      weekly_active_minutes: null,
    });
    expect(await goalOf(user)).toEqual({ weekly_active_minutes: null });
  });

  it.each([
    ['9 minutes', { weekly_active_minutes: 9 }],
    ['3001 minutes', { weekly_active_minutes: 3001 }],
    ['a fraction', { weekly_active_minutes: 30.5 }],
    ['text', { weekly_active_minutes: 'sixty' }],
    ['nothing', {}],
    ['an unknown field', { weekly_active_minutes: 60, public: true }],
  ])('refuses %s with 400 validation and keeps the goal', async (_, body) => {
    const user = await signUp(app);
    expect((await setGoal(user, { weekly_active_minutes: 60 })).statusCode).toBe(200);
    const res = await setGoal(user, unchecked(body));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('validation');
    expect(await goalOf(user)).toEqual({ weekly_active_minutes: 60 });
  });

  it('is only ever the member’s own: the routes take no member, and a session is needed', async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    expect((await setGoal(a, { weekly_active_minutes: 200 })).statusCode).toBe(200);
    await sessionsAt(a, [new Date(Date.now() - 60_000).toISOString()]);
    expect(await goalOf(b)).toEqual({ weekly_active_minutes: null });
    const theirs = await call(app, 'goalProgress', {
      headers: b.headers,
      query: unchecked({ user_id: a.userId }),
    });
    expect(theirs.json()).toMatchObject({ goal: null, active_minutes: 0 });
    for (const name of ['weeklyGoal', 'goalProgress'] as const) {
      expect((await call(app, name)).statusCode).toBe(401);
    }
  });
});

describe('the week’s progress', () => {
  it('counts the sessions of the week from Monday midnight in the member zone', async () => {
    const user = await signUp(app);
    expect((await setZone(user, 'Asia/Tokyo')).statusCode).toBe(200);
    expect((await setGoal(user, { weekly_active_minutes: 150 })).statusCode).toBe(200);
    // Tokyo is UTC+9: Monday 16 Nov 2026 00:00 there is Sunday 15 Nov 15:00 UTC; the week ends 22 Nov 15:00 UTC.
    await sessionsAt(user, [
      '2026-11-15T14:59:00Z', // Sunday of the week before, there
      '2026-11-15T15:00:00Z', // Monday
      '2026-11-16T10:00:00Z', // Monday, 19:00 there
      '2026-11-18T03:00:00Z', // Wednesday
      '2026-11-22T15:00:00Z', // Monday of the next week
    ]);
    expect(await progressAt(user, '2026-11-18T12:00:00Z')).toEqual({
      week_start: '2026-11-16',
      active_minutes: 60,
      goal: 150,
      days_active: 2,
    });
    // Sunday 22 Nov 23:59 in Tokyo: still that week; a minute later the next one, with one session so far.
    expect((await progressAt(user, '2026-11-22T14:59:00Z')).week_start).toBe('2026-11-16');
    expect(await progressAt(user, '2026-11-22T15:00:00Z')).toEqual({
      week_start: '2026-11-23',
      active_minutes: 20,
      goal: 150,
      days_active: 1,
    });
  });

  it('answers a week without a goal or sessions as zeros and null, never a failure', async () => {
    const user = await signUp(app);
    expect((await setZone(user, 'UTC')).statusCode).toBe(200);
    expect(await progressAt(user, '2026-03-04T12:00:00Z')).toEqual({
      week_start: '2026-03-02',
      active_minutes: 0,
      goal: null,
      days_active: 0,
    });
  });

  it('follows a week across the spring clock change (Berlin)', async () => {
    const user = await signUp(app);
    expect((await setZone(user, 'Europe/Berlin')).statusCode).toBe(200);
    // The week of 23 March 2026 starts at 23:00 UTC on the 22nd (CET) and ends at 22:00 UTC on the 29th (CEST).
    await sessionsAt(user, [
      '2026-03-22T22:59:00Z',
      '2026-03-22T23:00:00Z',
      '2026-03-29T21:59:00Z',
      '2026-03-29T22:00:00Z',
    ]);
    expect(await progressAt(user, '2026-03-25T12:00:00Z')).toMatchObject({
      week_start: '2026-03-23',
      active_minutes: 40,
      days_active: 2,
    });
  });
});
