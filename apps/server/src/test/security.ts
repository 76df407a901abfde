import { generate } from 'otplib';
import { expect, vi } from 'vitest';
import type { App } from '../platform/http';
import { call } from './call';
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
  return call(app, 'twoFactorSetup', { headers: user.headers, body: { password } });
}

/** A code of the previous step is refused once a step boundary passes: this much of the step is left at least. */
const STEP_LEFT_MS = 3_000;

/**
 * Waits for the next step when this one ends within STEP_LEFT_MS: a code computed late in a step is two steps
 * old if the server checks it after the boundary, which a loaded machine's request can take.
 */
async function awayFromStepEnd(): Promise<void> {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < STEP_LEFT_MS) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/**
 * Turns two-factor sign-in on with a code of the previous step (so that this step's code is still free to
 * sign in with); answers the secret and the recovery codes.
 */
export async function enableTwoFactor(app: App, user: TestUser) {
  const setup = await twoFactorSetUp(app, user);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json();
  await awayFromStepEnd();
  const enable = await call(app, 'twoFactorEnable', {
    headers: user.headers,
    body: { code: await totp(secret, -1) },
  });
  expect(enable.statusCode).toBe(200);
  return { secret, recoveryCodes: enable.json().recovery_codes };
}

export function passwordStep(app: App, user: TestUser) {
  return call(app, 'login', { body: { identity: user.username, password: user.password } });
}

/** `user` signed in again, as on another device: the same member with that session's token and headers. */
export async function anotherDevice(app: App, user: TestUser): Promise<TestUser> {
  const res = await passwordStep(app, user);
  expect(res.statusCode).toBe(200);
  const signedIn = res.json();
  if (!('user_token' in signedIn)) throw new Error('a second factor was asked for');
  const token = signedIn.user_token;
  return { ...user, token, headers: { authorization: `Bearer ${token}` } };
}

/** The right password: answers the challenge token (fails the test when no challenge comes). */
export async function challengeFor(app: App, user: TestUser): Promise<string> {
  const res = await passwordStep(app, user);
  expect(res.statusCode).toBe(200);
  const challenge = res.json();
  if (!('challenge_token' in challenge)) throw new Error('no second factor was asked for');
  expect(challenge.two_factor_required).toBe(true);
  return challenge.challenge_token;
}

export function codeStep(app: App, challengeToken: string, code: string) {
  return call(app, 'loginTwoFactor', { body: { challenge_token: challengeToken, code } });
}
