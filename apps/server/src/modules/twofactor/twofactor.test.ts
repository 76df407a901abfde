import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInChallenges, twoFactorRecoveryCodes, twoFactorSecrets } from '../../db/schema';
import { call } from '../../test/call';
import { createTestApp, signUp } from '../../test/harness';
import {
  challengeFor,
  codeStep,
  enableTwoFactor,
  passwordStep,
  startOfNextStep,
  totp,
  twoFactorSetUp,
} from '../../test/security';

// Only Date is faked, and it keeps running: each test starts just past a step boundary (startOfNextStep).
vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
afterAll(() => vi.useRealTimers());

const ctx = await createTestApp();
const { app } = ctx;
const db = ctx.database.db;

beforeEach(() => startOfNextStep());

const status = async (headers: Record<string, string>) =>
  (await call(app, 'twoFactorStatus', { headers })).json();
const enableWith = (headers: Record<string, string>, code: string) =>
  call(app, 'twoFactorEnable', { headers, body: { code } });
const meWith = (token: string) => call(app, 'me', { headers: { authorization: `Bearer ${token}` } });

describe('setting up two-factor sign-in', () => {
  it('is off for a new member', async () => {
    const user = await signUp(app);
    expect(await status(user.headers)).toEqual({ enabled: false, recovery_codes_left: 0 });
  });

  it('refuses setup with a wrong password (401 incorrect_password) and stores nothing', async () => {
    const user = await signUp(app);
    const res = await twoFactorSetUp(app, user, 'Wrong-pass-1');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('incorrect_password');
    expect(await db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, user.userId))).toEqual(
      [],
    );
  });

  it('answers a base32 secret and its otpauth URL, not active until a code confirms it', async () => {
    const user = await signUp(app);
    const res = await twoFactorSetUp(app, user);
    expect(res.statusCode).toBe(200);
    const { secret, otpauth_url: url } = res.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(url).toMatch(/^otpauth:\/\/totp\/Orbit:/);
    expect(new URL(url).searchParams.get('secret')).toBe(secret);
    expect(new URL(url).searchParams.get('issuer')).toBe('Orbit');
    expect(await status(user.headers)).toEqual({ enabled: false, recovery_codes_left: 0 });
    const login = await passwordStep(app, user);
    expect(Object.keys(login.json())).toEqual(['user_token']);
  });

  it('refuses to enable before setup (409) and with a wrong code (400 invalid_code), staying off', async () => {
    const user = await signUp(app);
    const early = await enableWith(user.headers, '123456');
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('two_factor_not_set_up');
    const { secret } = (await twoFactorSetUp(app, user)).json();
    for (const code of [await totp(secret, -3), await totp(secret, 3), 'abc', '0000000']) {
      const res = await enableWith(user.headers, code);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('invalid_code');
    }
    expect((await status(user.headers)).enabled).toBe(false);
  });

  it('enables with a current code: ten different recovery codes, stored only as hashes', async () => {
    const user = await signUp(app);
    const { recoveryCodes } = await enableTwoFactor(app, user);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(await status(user.headers)).toEqual({ enabled: true, recovery_codes_left: 10 });
    const stored = await db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, user.userId));
    expect(stored).toHaveLength(10);
    const hashes = stored.map((row) => row.codeHash).join(' ');
    for (const code of recoveryCodes) {
      expect(hashes).not.toContain(code);
      expect(hashes).not.toContain(code.replace('-', ''));
    }
    const again = await twoFactorSetUp(app, user);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('two_factor_enabled');
  });

  it('replaces a pending secret when set up again: only the newest one is confirmed', async () => {
    const user = await signUp(app);
    const first = (await twoFactorSetUp(app, user)).json().secret;
    const second = (await twoFactorSetUp(app, user)).json().secret;
    expect(second).not.toBe(first);
    const enable = async (secret: string) => enableWith(user.headers, await totp(secret));
    expect((await enable(first)).json().error).toBe('invalid_code');
    expect((await enable(second)).statusCode).toBe(200);
  });

  it('enables once when the same code is sent twice at the same moment', async () => {
    const user = await signUp(app);
    const { secret } = (await twoFactorSetUp(app, user)).json();
    const code = await totp(secret);
    const enable = () => enableWith(user.headers, code);
    const answers = await Promise.all([enable(), enable()]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await status(user.headers)).toEqual({ enabled: true, recovery_codes_left: 10 });
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('answers a challenge for the right password, with no token and no cookie', async () => {
    const user = await signUp(app);
    await enableTwoFactor(app, user);
    const res = await passwordStep(app, user);
    expect(res.statusCode).toBe(200);
    const challenge = res.json();
    expect(Object.keys(challenge).sort()).toEqual(['challenge_token', 'two_factor_required']);
    if (!('challenge_token' in challenge)) throw new Error('no second factor was asked for');
    expect(challenge.two_factor_required).toBe(true);
    expect(res.headers['set-cookie']).toBeUndefined();
    // The challenge token is no session.
    const me = await meWith(challenge.challenge_token);
    expect(me.statusCode).toBe(401);
  });

  it('still refuses a wrong password with 401 and no challenge', async () => {
    const user = await signUp(app);
    await enableTwoFactor(app, user);
    const res = await call(app, 'login', { body: { identity: user.username, password: 'Wrong-pass-1' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('invalid_credentials');
  });

  it('signs in with a current code as /login does: the token and the cookie', async () => {
    const user = await signUp(app);
    const { secret } = await enableTwoFactor(app, user);
    const res = await codeStep(app, await challengeFor(app, user), await totp(secret));
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['user_token']);
    const cookie = res.cookies.find((c) => c.name === 'session');
    expect(cookie?.value).toBe(res.json().user_token);
    expect(cookie?.httpOnly).toBe(true);
    const me = await meWith(res.json().user_token);
    expect(me.json()).toEqual({ user_id: user.userId });
  });

  it('accepts a code once: the same code on a new challenge is 400 invalid_code, the next one passes', async () => {
    const user = await signUp(app);
    const { secret } = await enableTwoFactor(app, user);
    const code = await totp(secret);
    expect((await codeStep(app, await challengeFor(app, user), code)).statusCode).toBe(200);
    const replay = await codeStep(app, await challengeFor(app, user), code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('invalid_code');
    // An older step after a newer one was used is refused too; the next step's code is accepted.
    const older = await codeStep(app, await challengeFor(app, user), await totp(secret, -1));
    expect(older.json().error).toBe('invalid_code');
    expect((await codeStep(app, await challengeFor(app, user), await totp(secret, 1))).statusCode).toBe(200);
  });

  it('lets only one of two sign-ins with the same code at the same moment pass', async () => {
    const user = await signUp(app);
    const { secret } = await enableTwoFactor(app, user);
    const code = await totp(secret);
    const challenges = await Promise.all([1, 2, 3].map(() => challengeFor(app, user)));
    const answers = await Promise.all(challenges.map((challenge) => codeStep(app, challenge, code)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    for (const r of answers.filter((a) => a.statusCode === 400)) expect(r.json().error).toBe('invalid_code');
  });

  it('signs in with a recovery code once, typed in any case with or without its dash', async () => {
    const user = await signUp(app);
    const { recoveryCodes } = await enableTwoFactor(app, user);
    const typed = ` ${recoveryCodes[3].replace('-', '').toUpperCase()} `;
    const res = await codeStep(app, await challengeFor(app, user), typed);
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'session')?.value).toBe(res.json().user_token);
    expect(await status(user.headers)).toEqual({ enabled: true, recovery_codes_left: 9 });
    const again = await codeStep(app, await challengeFor(app, user), recoveryCodes[3]);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('invalid_code');
  });

  it('spends a recovery code once when two sign-ins send it at the same moment', async () => {
    const user = await signUp(app);
    const { recoveryCodes } = await enableTwoFactor(app, user);
    const challenges = await Promise.all([1, 2].map(() => challengeFor(app, user)));
    const answers = await Promise.all(challenges.map((c) => codeStep(app, c, recoveryCodes[0])));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect((await status(user.headers)).recovery_codes_left).toBe(9);
  });

  it('refuses another member’s recovery code', async () => {
    const [user, other] = [await signUp(app), await signUp(app)];
    await enableTwoFactor(app, user);
    const { recoveryCodes } = await enableTwoFactor(app, other);
    const res = await codeStep(app, await challengeFor(app, user), recoveryCodes[0]);
    expect(res.json().error).toBe('invalid_code');
  });

  it('kills a challenge after 5 wrong codes (400 invalid_code each); then even the right code is refused', async () => {
    const user = await signUp(app);
    const { secret } = await enableTwoFactor(app, user);
    const challenge = await challengeFor(app, user);
    for (let i = 0; i < 5; i++) {
      const res = await codeStep(app, challenge, i % 2 ? '000000' : 'wrong-code');
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('invalid_code');
    }
    const right = await codeStep(app, challenge, await totp(secret));
    expect(right.statusCode).toBe(400);
    expect(right.json().error).toBe('invalid_challenge');
    // The code was not spent by the dead challenge: a new one takes it.
    expect((await codeStep(app, await challengeFor(app, user), await totp(secret))).statusCode).toBe(200);
  });

  it('lets a challenge live 5 minutes, and serve once', async () => {
    const user = await signUp(app);
    const { secret } = await enableTwoFactor(app, user);
    const challenge = await challengeFor(app, user);
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1000);
    const late = await codeStep(app, challenge, await totp(secret));
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe('invalid_challenge');
    const fresh = await challengeFor(app, user);
    expect((await codeStep(app, fresh, await totp(secret))).statusCode).toBe(200);
    const reused = await codeStep(app, fresh, await totp(secret, 1));
    expect(reused.json().error).toBe('invalid_challenge');
    const unknown = await codeStep(app, 'no-such-challenge', await totp(secret, 1));
    expect(unknown.json().error).toBe('invalid_challenge');
  });
});

describe('turning two-factor sign-in off', () => {
  const disable = (headers: Record<string, string>, password: string, code: string) =>
    call(app, 'twoFactorDisable', { headers, body: { password, code } });

  it('needs the password and a code, then signs in with the password alone', async () => {
    const user = await signUp(app);
    const { secret } = await enableTwoFactor(app, user);
    const wrongPassword = await disable(user.headers, 'Wrong-pass-1', await totp(secret));
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json().error).toBe('incorrect_password');
    const wrongCode = await disable(user.headers, user.password, '000000');
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().error).toBe('invalid_code');
    expect((await status(user.headers)).enabled).toBe(true);
    const off = await disable(user.headers, user.password, await totp(secret));
    expect(off.statusCode).toBe(200);
    expect(await status(user.headers)).toEqual({ enabled: false, recovery_codes_left: 0 });
    expect(Object.keys((await passwordStep(app, user)).json())).toEqual(['user_token']);
    const again = await disable(user.headers, user.password, await totp(secret, 1));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('two_factor_not_enabled');
  });

  it('takes a recovery code too, and ends pending challenges', async () => {
    const user = await signUp(app);
    const { secret, recoveryCodes } = await enableTwoFactor(app, user);
    const pending = await challengeFor(app, user);
    expect((await disable(user.headers, user.password, recoveryCodes[9])).statusCode).toBe(200);
    expect(await db.select().from(signInChallenges).where(eq(signInChallenges.userId, user.userId))).toEqual(
      [],
    );
    expect((await codeStep(app, pending, await totp(secret))).json().error).toBe('invalid_challenge');
  });
});

describe('the per-account sign-in limit', async () => {
  const limited = await createTestApp({ rateLimitFactor: 1 });

  it('counts wrong codes as it counts wrong passwords', async () => {
    const user = await signUp(limited.app);
    await enableTwoFactor(limited.app, user);
    // Each attempt from its own address: only the account's bucket can stop them. The typed call() sends
    // every request from 127.0.0.1, so these name their address through inject.
    const from = (remoteAddress: string, url: string, payload: object) =>
      limited.app.inject({ method: 'POST', url, remoteAddress, payload });
    const statuses: number[] = [];
    for (let i = 0; i < 2; i++) {
      const challenge = await challengeFor(limited.app, user);
      for (let j = 0; j < 5; j++) {
        const wrong = { challenge_token: challenge, code: '000000' };
        statuses.push((await from(`10.9.${i}.${j + 1}`, '/api/login/2fa', wrong)).statusCode);
      }
    }
    expect(statuses).toEqual(Array(10).fill(400));
    const password = { identity: user.username, password: user.password };
    expect((await from('10.9.9.9', '/api/login', password)).statusCode).toBe(429);
  });
});
