import { clockText, type UpdateUserBody } from '@orbit/contract';
import { expect } from 'vitest';
import type { App } from '../platform/http';
import { call } from './call';
import type { TestUser } from './harness';

const MINUTES_PER_DAY = 24 * 60;

/** Quiet hours in UTC from an hour before `now` to an hour after it: `now` is inside, wherever midnight is. */
export function quietAround(now = new Date()) {
  const minute = now.getUTCHours() * 60 + now.getUTCMinutes();
  const at = (offset: number) => clockText((minute + offset + MINUTES_PER_DAY) % MINUTES_PER_DAY);
  return { start: at(-60), end: at(60) };
}

/** Puts `user` in UTC and in quiet hours that hold now; answers the quiet hours set. */
export async function restNow(app: App, user: TestUser) {
  const put = (body: UpdateUserBody) => call(app, 'updateUser', { headers: user.headers, body });
  expect((await put({ timezone: 'UTC' })).statusCode).toBe(200);
  const quiet = quietAround();
  const res = await put({ quiet_hours: quiet });
  expect(res.statusCode, res.body).toBe(200);
  return quiet;
}
