import { generate } from 'otplib';
import { expect, vi } from 'vitest';
import type { App } from '../platform/http';
import type { TestUser } from './harness';

/** Test support for two-factor sign-in and devices: codes computed as an authenticator app does. */

const STEP_MS = 30_000;

/**
 * Moves the clock (Date only; it keeps running) to just past the start of the next 30-second step, so that a
 * test's codes and "the next step" stay what they were computed as, however slow the machine.
 */
export function startOfNextStep(): void {
  vi.setSystemTime((Math.floor(Date.now() / STEP_MS) + 1) * STEP_MS + 200);
}

/** The TOTP code of this step, or `steps` steps later (the next code an app would show). */
export function totp(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

export function twoFactorSetUp(app: App, user: TestUser, password = user.password) {
  return app.inject({
    method: 'POST',
    url: '/api/user/2fa/setup',
    headers: user.headers,
    payload: { password },
  });
}

/**
 * Turns two-factor sign-in on with a code of the previous step (so that this step's code is still free to
 * sign in with); answers the secret and the recovery codes.
 */
export async function enableTwoFactor(app: App, user: TestUser) {
  const setup = await twoFactorSetUp(app, user);
  expect(setup.statusCode).toBe(200);
  const secret = setup.json().secret as string;
  const enable = await app.inject({
    method: 'POST',
    url: '/api/user/2fa/enable',
    headers: user.headers,
    payload: { code: await totp(secret, -1) },
  });
  expect(enable.statusCode).toBe(200);
  return { secret, recoveryCodes: enable.json().recovery_codes as string[] };
}

export function passwordStep(app: App, user: TestUser, remoteAddress = '127.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress,
    payload: { identity: user.username, password: user.password },
  });
}

/** The right password: answers the challenge token (fails the test when no challenge comes). */
export async function challengeFor(app: App, user: TestUser): Promise<string> {
  const res = await passwordStep(app, user);
  expect(res.statusCode).toBe(200);
  expect(res.json().two_factor_required).toBe(true);
  return res.json().challenge_token as string;
}

export function codeStep(app: App, challengeToken: string, code: string, remoteAddress = '127.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/api/login/2fa',
    remoteAddress,
    payload: { challenge_token: challengeToken, code },
  });
}
