import type { UpdateUserBody } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { call, unchecked } from '../../test/call';
import { createTestApp, signUp, type TestUser } from '../../test/harness';
import { restNow } from '../../test/quiet';

const { app } = await createTestApp();

const putUser = (user: TestUser, body: UpdateUserBody) =>
  call(app, 'updateUser', { headers: user.headers, body });
const ownProfile = async (user: TestUser) =>
  (await call(app, 'profiles', { headers: user.headers })).json().user_profile;

describe('PUT /user quiet_hours and wellbeing_mode (decision 0044)', () => {
  it('are off for a newcomer', async () => {
    const user = await signUp(app);
    expect(await ownProfile(user)).toMatchObject({
      quiet_hours: null,
      quiet_now: false,
      wellbeing_mode: false,
    });
  });

  it('round-trip through user_profile, quiet_now following the clock in the member zone', async () => {
    const user = await signUp(app);
    const quiet = await restNow(app, user);
    expect(await ownProfile(user)).toMatchObject({ quiet_hours: quiet, quiet_now: true });
    // The same hours twelve hours away are not now.
    const shift = (clock: string) =>
      `${String((Number(clock.slice(0, 2)) + 12) % 24).padStart(2, '0')}${clock.slice(2)}`;
    expect(
      (await putUser(user, { quiet_hours: { start: shift(quiet.start), end: shift(quiet.end) } })).statusCode,
    ).toBe(200);
    expect(await ownProfile(user)).toMatchObject({ quiet_now: false });
    const off = await putUser(user, { quiet_hours: null });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ quiet_hours: null, quiet_now: false });
    expect((await putUser(user, { wellbeing_mode: true })).json().wellbeing_mode).toBe(true);
    expect((await ownProfile(user)).wellbeing_mode).toBe(true);
    expect((await putUser(user, { wellbeing_mode: false })).json().wellbeing_mode).toBe(false);
  });

  it('refuse bad clock times, a window that ends where it starts, and a mix with another setting (400)', async () => {
    const user = await signUp(app);
    for (const quiet_hours of [
      { start: '24:00', end: '07:00' },
      { start: '7:00', end: '08:00' },
      { start: '22:00', end: '07:60' },
      { start: '22:00' },
      { start: '22:00', end: '22:00' },
      'night',
    ]) {
      const res = await putUser(user, { quiet_hours: unchecked(quiet_hours) });
      expect(res.statusCode, JSON.stringify(quiet_hours)).toBe(400);
      expect(res.json().error).toBe('validation');
    }
    for (const payload of [{ wellbeing_mode: 'yes' }, { wellbeing_mode: true, quiet_hours: null }]) {
      expect((await putUser(user, unchecked(payload))).json().error).toBe('validation');
    }
    expect(await ownProfile(user)).toMatchObject({ quiet_hours: null, wellbeing_mode: false });
  });
});
