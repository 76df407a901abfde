import {
  NotificationType,
  PushType,
  REMINDER_DEFAULTS,
  type RemindersBody,
  type UpdateUserBody,
} from '@orbit/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activityLogs, moodHistory, notifications, pushOutbox, reminders } from '../../db/schema';
import { call, unchecked } from '../../test/call';
import { createTestApp, signUp, type TestUser } from '../../test/harness';
import { PushService, type TestBrowser } from '../../test/push';
import { fireDueReminders } from './worker';

// A push service in this process on 127.0.0.1, which PUSH_ALLOWED_HOSTS lets the server reach over http.
const service = await new PushService().start();
const ctx = await createTestApp({ pushAllowedHosts: ['127.0.0.1'] });
// A second instance on the same database: its worker races the first one's.
const other = await createTestApp({ pushAllowedHosts: ['127.0.0.1'] }, ctx.database);
afterAll(() => service.close());
const { app, deps } = ctx;

const at = (iso: string) => new Date(iso);
const setClock = (iso: string) => {
  deps.clock = () => at(iso);
};
beforeEach(() => service.clear());
afterEach(() => {
  deps.clock = () => new Date();
  expect(service.failures, 'pushes that did not decrypt or verify').toEqual([]);
});

const put = async (user: TestUser, body: RemindersBody) => {
  const res = await call(app, 'updateReminders', { headers: user.headers, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const setUser = async (user: TestUser, body: UpdateUserBody) =>
  expect((await call(app, 'updateUser', { headers: user.headers, body })).statusCode).toBe(200);
const remindersSet = async (user: TestUser) =>
  (await call(app, 'reminders', { headers: user.headers })).json();

/** A member in `zone` with a subscribed browser. */
async function member(zone = 'Europe/Berlin'): Promise<{ user: TestUser; browser: TestBrowser }> {
  const user = await signUp(app);
  await setUser(user, { timezone: zone });
  const browser = service.browser();
  const res = await call(app, 'subscribePush', { headers: user.headers, body: browser.subscription() });
  expect(res.statusCode, res.body).toBe(201);
  return { user, browser };
}

const remindersOf = (user: TestUser) =>
  deps.db
    .select({ kind: notifications.type, data: notifications.data })
    .from(notifications)
    .where(and(eq(notifications.userId, user.userId), eq(notifications.type, NotificationType.REMINDER)));
const nextAt = async (user: TestUser, kind: string) => {
  const [row] = await deps.db
    .select({ nextAt: reminders.nextAt })
    .from(reminders)
    .where(and(eq(reminders.userId, user.userId), eq(reminders.kind, kind)));
  return row?.nextAt ?? null;
};
const fire = (iso: string) => fireDueReminders(deps, at(iso));
/** The pushes due by then, sent to the test push service. */
const deliver = (iso: string) => deps.push.deliverDue(at(iso).getTime() + 5_000);

describe('reminder settings', () => {
  it('answers the defaults, changes only the part given, and keeps the rest', async () => {
    const user = await signUp(app);
    expect(await remindersSet(user)).toEqual(REMINDER_DEFAULTS);
    expect(await put(user, { mood: { enabled: true } })).toEqual({
      ...REMINDER_DEFAULTS,
      mood: { enabled: true, time: '20:00' },
    });
    const changed = await put(user, { activity: { time: '07:05', days: [7, 2] } });
    expect(changed.activity).toEqual({ enabled: false, time: '07:05', days: [2, 7] });
    expect(changed.mood).toEqual({ enabled: true, time: '20:00' });
    expect(await remindersSet(user)).toEqual(changed);
    // Off: never due.
    expect(await nextAt(user, 'activity')).toBeNull();
  });

  it.each([
    ['a time past 23:59', { mood: { time: '24:00' } }],
    ['a time without its leading zero', { mood: { time: '7:00' } }],
    ['minutes past 59', { activity: { time: '07:60' } }],
    ['a day 0', { activity: { days: [0, 1] } }],
    ['a day 8', { activity: { days: [8] } }],
    ['a day twice', { activity: { days: [1, 1] } }],
    ['a day not a whole number', { activity: { days: [1.5] } }],
    ['an unknown part', { sleep: { enabled: true } }],
    ['an unknown field of a part', { mood: { enabled: true, days: [1] } }],
    ['a switch that is not a boolean', { mood: { enabled: 'yes' } }],
  ])('refuses %s with 400 validation and changes nothing', async (_, body) => {
    const user = await signUp(app);
    const res = await call(app, 'updateReminders', { headers: user.headers, body: unchecked(body) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('validation');
    expect(await remindersSet(user)).toEqual(REMINDER_DEFAULTS);
  });

  it('needs a session', async () => {
    expect((await call(app, 'reminders')).statusCode).toBe(401);
  });
});

describe('a reminder firing', () => {
  it('fires once at its local time, through a push to the mood picker and a notification, with two instances racing', async () => {
    const { user, browser } = await member();
    setClock('2026-01-15T10:00:00Z');
    await put(user, { mood: { enabled: true, time: '20:00' } });
    // Berlin is UTC+1 in winter: 20:00 there is 19:00 UTC.
    expect(await nextAt(user, 'mood')).toEqual(at('2026-01-15T19:00:00Z'));
    await fire('2026-01-15T18:59:30Z');
    expect(await remindersOf(user)).toEqual([]);
    const now = at('2026-01-15T19:00:20Z');
    await Promise.all([
      fireDueReminders(deps, now),
      fireDueReminders(other.deps, now),
      fireDueReminders(deps, now),
    ]);
    await fire('2026-01-15T19:00:50Z');
    expect(await remindersOf(user)).toEqual([
      { kind: NotificationType.REMINDER, data: { reminder: 'mood' } },
    ]);
    expect(await deps.db.select().from(pushOutbox).where(eq(pushOutbox.tag, 'reminder-mood'))).toHaveLength(
      1,
    );
    await deliver('2026-01-15T19:00:20Z');
    const [push] = service.to(browser);
    expect(push.payload).toMatchObject({ type: PushType.REMINDER, url: '/mood', tag: 'reminder-mood' });
    expect(await nextAt(user, 'mood')).toEqual(at('2026-01-16T19:00:00Z'));
  });

  it('opens the activity logging and fires only on its weekdays', async () => {
    const { user, browser } = await member('UTC');
    // 2026-01-15 is a Thursday; Monday and Friday only.
    setClock('2026-01-15T10:00:00Z');
    await put(user, { activity: { enabled: true, time: '18:00', days: [1, 5] } });
    expect(await nextAt(user, 'activity')).toEqual(at('2026-01-16T18:00:00Z'));
    await fire('2026-01-16T18:00:10Z');
    expect(await remindersOf(user)).toHaveLength(1);
    await deliver('2026-01-16T18:00:10Z');
    expect(service.to(browser)[0].payload).toMatchObject({ type: PushType.REMINDER, url: '/log-activity' });
    expect(await nextAt(user, 'activity')).toEqual(at('2026-01-19T18:00:00Z'));
  });

  it('fires at the first minute after a time the clocks skip (Berlin, spring forward)', async () => {
    const { user } = await member();
    setClock('2026-03-28T12:00:00Z');
    await put(user, { mood: { enabled: true, time: '02:30' } });
    // 02:30 does not exist on 29 March: 02:00 CET is 03:00 CEST, 01:00 UTC.
    expect(await nextAt(user, 'mood')).toEqual(at('2026-03-29T01:00:00Z'));
    await fire('2026-03-29T01:00:30Z');
    expect(await remindersOf(user)).toHaveLength(1);
    // Summer time from then on: 02:30 CEST is 00:30 UTC.
    expect(await nextAt(user, 'mood')).toEqual(at('2026-03-30T00:30:00Z'));
    expect(await remindersOf(user)).toHaveLength(1);
  });

  it('fires a time the clocks repeat once (Berlin, fall back)', async () => {
    const { user } = await member();
    setClock('2026-10-24T12:00:00Z');
    await put(user, { mood: { enabled: true, time: '02:30' } });
    // 02:30 shows twice on 25 October: 00:30 UTC (summer time) and 01:30 UTC (winter time).
    expect(await nextAt(user, 'mood')).toEqual(at('2026-10-25T00:30:00Z'));
    await fire('2026-10-25T00:30:10Z');
    expect(await remindersOf(user)).toHaveLength(1);
    await fire('2026-10-25T01:30:10Z');
    expect(await nextAt(user, 'mood')).toEqual(at('2026-10-26T01:30:00Z'));
    expect(await remindersOf(user)).toHaveLength(1);
  });

  it('skips the mood reminder when a mood was picked that local day, not the day before', async () => {
    const { user } = await member();
    setClock('2026-01-15T10:00:00Z');
    await put(user, { mood: { enabled: true, time: '20:00' } });
    // 00:30 in Berlin on the 15th is 23:30 UTC on the 14th: the same local day.
    await deps.db
      .insert(moodHistory)
      .values({ userId: user.userId, mood: 1, setAt: at('2026-01-14T23:30:00Z') });
    await fire('2026-01-15T19:00:10Z');
    expect(await remindersOf(user)).toEqual([]);
    expect(await nextAt(user, 'mood')).toEqual(at('2026-01-16T19:00:00Z'));
    // The next day nothing was picked: it fires.
    await fire('2026-01-16T19:00:10Z');
    expect(await remindersOf(user)).toHaveLength(1);
  });

  it('skips the activity reminder when a session was logged that local day', async () => {
    const { user } = await member();
    setClock('2026-01-15T10:00:00Z');
    await put(user, { activity: { enabled: true, time: '18:00', days: [1, 2, 3, 4, 5, 6, 7] } });
    await deps.db.insert(activityLogs).values({
      userId: user.userId,
      activityType: 1,
      sessionType: 1,
      startedAt: at('2026-01-15T07:00:00Z'),
      createdAt: at('2026-01-15T08:00:00Z'),
      durationMs: 600_000,
    });
    await fire('2026-01-15T17:00:10Z');
    expect(await remindersOf(user)).toEqual([]);
    await fire('2026-01-16T17:00:10Z');
    expect(await remindersOf(user)).toHaveLength(1);
  });

  it('is skipped during quiet hours, to the next day', async () => {
    const { user, browser } = await member();
    setClock('2026-01-15T10:00:00Z');
    await setUser(user, { quiet_hours: { start: '19:30', end: '07:00' } });
    await put(user, { mood: { enabled: true, time: '21:00' } });
    await fire('2026-01-15T20:00:10Z');
    expect(await remindersOf(user)).toEqual([]);
    await deliver('2026-01-15T20:00:10Z');
    expect(service.to(browser)).toEqual([]);
    expect(await nextAt(user, 'mood')).toEqual(at('2026-01-16T20:00:00Z'));
  });

  it('with the reminders push switch off, is a notification and no push', async () => {
    const { user, browser } = await member();
    const switched = await call(app, 'updatePushPreferences', {
      headers: user.headers,
      body: { reminders: false },
    });
    expect(switched.statusCode).toBe(200);
    setClock('2026-01-15T10:00:00Z');
    await put(user, { mood: { enabled: true, time: '20:00' } });
    await fire('2026-01-15T19:00:10Z');
    expect(await remindersOf(user)).toHaveLength(1);
    await deliver('2026-01-15T19:00:10Z');
    expect(service.to(browser)).toEqual([]);
  });

  it('is let go when found long after its time, and moves with the member zone', async () => {
    const { user } = await member();
    setClock('2026-01-15T10:00:00Z');
    await put(user, { mood: { enabled: true, time: '20:00' } });
    // The servers were down from before 19:00 UTC to 20:00 UTC: not sent an hour late.
    await fire('2026-01-15T20:00:00Z');
    expect(await remindersOf(user)).toEqual([]);
    expect(await nextAt(user, 'mood')).toEqual(at('2026-01-16T19:00:00Z'));
    await setUser(user, { timezone: 'Asia/Tokyo' });
    // Worked out again in Tokyo (UTC+9): 20:00 there is 11:00 UTC.
    await fire('2026-01-16T19:00:10Z');
    expect(await nextAt(user, 'mood')).toEqual(at('2026-01-17T11:00:00Z'));
    expect(await remindersOf(user)).toEqual([]);
  });
});
