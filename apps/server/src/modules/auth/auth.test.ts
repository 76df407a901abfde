import { SIGNED_IN_COOKIE } from '@orbit/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { organizationMembers, organizations, sessions } from '../../db/schema';
import { call } from '../../test/call';
import { createTestApp, GOOD_PASSWORD, signUp, uniqueName } from '../../test/harness';

const ctx = await createTestApp();
const { app } = ctx;
const login = (identity: string, password: string) => call(app, 'login', { body: { identity, password } });

describe('registration', () => {
  it('registers with the spec defaults and answers 201 with the user id', async () => {
    const username = uniqueName();
    const res = await call(app, 'register', {
      body: { email: `${username}@x.test`, password: GOOD_PASSWORD, username },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user_id).toBeGreaterThan(0);
  });

  it('refuses a taken email with email_already_in_use and a taken username with identity_not_available', async () => {
    const user = await signUp(app);
    const again = await call(app, 'register', {
      body: { email: user.email.toUpperCase(), password: GOOD_PASSWORD, username: uniqueName() },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors?.[0].code).toBe('email_already_in_use');
    const sameName = await call(app, 'register', {
      body: {
        email: `${uniqueName()}@x.test`,
        password: GOOD_PASSWORD,
        username: user.username.toUpperCase(),
      },
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().errors?.[0].code).toBe('identity_not_available');
  });

  it.each([
    ['short1!', 'too short'],
    ['abcdefghijklmnopqrstuvwxyz0123456', 'too long (33)'],
    ['abcdefghij', 'one class only'],
    ['password1', 'a common password'],
  ])('refuses the password %s (%s) and writes nothing', async (password) => {
    const username = uniqueName();
    const res = await call(app, 'register', { body: { email: `${username}@x.test`, password, username } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors?.[0].code).toBe('invalid_password');
    expect((await login(username, password)).statusCode).toBe(401);
  });

  it('refuses a password containing the username', async () => {
    const username = uniqueName('walker');
    const res = await call(app, 'register', {
      body: { email: `${username}@x.test`, password: `${username}-9`, username },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContain('contains_username');
  });

  it.each(['ab', 'has space', 'bad!name', 'semi;colon'])('refuses the username %j', async (username) => {
    const res = await call(app, 'register', {
      body: { email: `${uniqueName()}@x.test`, password: GOOD_PASSWORD, username },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors?.[0].code).toBe('invalid_username');
  });

  it('generates a password when none is given', async () => {
    const email = `${uniqueName()}@x.test`;
    const res = await call(app, 'register', { body: { email } });
    expect(res.statusCode).toBe(201);
    expect((await login(email, res.json().generated_password ?? '')).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('signs in by email or username, case-insensitively, and refuses a wrong password', async () => {
    const user = await signUp(app);
    for (const identity of [user.email.toUpperCase(), user.username.toUpperCase()]) {
      const ok = await login(identity, user.password);
      expect(ok.statusCode).toBe(200);
      expect(ok.cookies.find((c) => c.name === 'session')?.httpOnly).toBe(true);
    }
    const bad = await login(user.username, 'Wrong-pass-1');
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ error: 'invalid_credentials' });
  });

  it('stores only a hash of the token', async () => {
    const user = await signUp(app);
    const rows = await ctx.database.db.select().from(sessions);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.tokenHash === user.token)).toBe(false);
  });

  it('logout revokes the session on the server', async () => {
    const user = await signUp(app);
    const out = await call(app, 'logout', { headers: user.headers });
    expect(out.statusCode).toBe(200);
    const after = await call(app, 'validatePassword', { headers: user.headers, body: { password: 'x' } });
    expect(after.statusCode).toBe(401);
  });

  it('POST /token sets the cookie from a valid token and refuses an unknown one', async () => {
    const user = await signUp(app);
    const ok = await call(app, 'token', { body: { user_token: user.token } });
    expect(ok.statusCode).toBe(200);
    expect(ok.cookies.find((c) => c.name === 'session')?.value).toBe(user.token);
    const bad = await call(app, 'token', { body: { user_token: 'nope' } });
    expect(bad.statusCode).toBe(401);
  });
});

describe('the signed-in mark beside the session cookie', () => {
  type Reply = Pick<Awaited<ReturnType<typeof app.inject>>, 'cookies'>;
  const cookie = (reply: Reply, name: string) => reply.cookies.find((c) => c.name === name);
  const cleared = (reply: Reply, name: string) => {
    const gone = cookie(reply, name);
    return gone !== undefined && gone.value === '' && (gone.expires?.getTime() ?? 0) <= Date.now();
  };
  const origin = 'http://localhost:80';

  it('is set, readable by the page, with the session at sign-in; logout clears both', async () => {
    const user = await signUp(app);
    const signedIn = await login(user.username, user.password);
    expect(cookie(signedIn, SIGNED_IN_COOKIE)).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });
    expect(cookie(signedIn, SIGNED_IN_COOKIE)?.httpOnly).toBeFalsy();
    const session = cookie(signedIn, 'session')?.value ?? '';
    // Cookies, as the browser page sends them: the typed client sends headers only.
    const out = await app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { origin, host: 'localhost:80' },
      cookies: { session, [SIGNED_IN_COOKIE]: '1' },
    });
    expect(out.statusCode).toBe(200);
    expect(cleared(out, 'session')).toBe(true);
    expect(cleared(out, SIGNED_IN_COOKIE)).toBe(true);
  });

  it('goes with a session cookie that no longer names a session, on the 401 that says so', async () => {
    const user = await signUp(app);
    await call(app, 'logout', { headers: user.headers });
    // A cookie session, as the browser page sends it: the typed client sends headers only.
    const stale = await app.inject({
      method: 'GET',
      url: '/api/user/profiles',
      cookies: { session: user.token, [SIGNED_IN_COOKIE]: '1' },
    });
    expect(stale.statusCode).toBe(401);
    expect(cleared(stale, 'session')).toBe(true);
    expect(cleared(stale, SIGNED_IN_COOKIE)).toBe(true);
  });

  it('comes to a session cookie that lacks it on its next call, and is not set again', async () => {
    const user = await signUp(app);
    // Cookie sessions, as the browser page sends them: the typed client sends headers only.
    const without = await app.inject({ method: 'GET', url: '/api/me', cookies: { session: user.token } });
    expect(without.statusCode).toBe(200);
    expect(cookie(without, SIGNED_IN_COOKIE)?.value).toBe('1');
    const marked = await app.inject({
      method: 'GET',
      url: '/api/me',
      cookies: { session: user.token, [SIGNED_IN_COOKIE]: '1' },
    });
    expect(marked.cookies).toEqual([]);
  });

  it('is never set for a bearer token, which is not the browser page', async () => {
    const user = await signUp(app);
    const me = await call(app, 'me', { headers: user.headers });
    expect(me.statusCode).toBe(200);
    expect(me.cookies).toEqual([]);
  });
});

describe('passwords', () => {
  it('confirm_password answers 401 incorrect_password on a wrong password', async () => {
    const user = await signUp(app);
    const confirm = (password: string) =>
      call(app, 'confirmPassword', { headers: user.headers, body: { password } });
    const wrong = await confirm('Nope-nope-1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('incorrect_password');
    const right = await confirm(user.password);
    expect(right.statusCode).toBe(200);
  });

  it('validate_password reports the problems, including the username and common passwords', async () => {
    const user = await signUp(app);
    const validate = (password: string) =>
      call(app, 'validatePassword', { headers: user.headers, body: { password } });
    const res = await validate(`${user.username}1`);
    expect(res.json()).toMatchObject({ valid: false });
    expect(res.json().problems).toContain('contains_username');
    const common = await validate('qwerty123');
    expect(common.json().problems).toContain('common');
  });
});

describe('cookie sessions and the Origin check', () => {
  it('refuses an unsafe cookie call from another origin or with no origin, accepts our own', async () => {
    const user = await signUp(app);
    const cookies = { session: user.token };
    // A cookie session from a page of some origin: the typed client sends no cookies.
    const confirm = (headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/user/confirm_password',
        cookies,
        headers: { host: 'orbit.test', ...headers },
        payload: { password: user.password },
      });
    expect((await confirm({ origin: 'https://evil.test' })).statusCode).toBe(403);
    expect((await confirm({})).json().error).toBe('bad_origin');
    expect((await confirm({ origin: 'http://orbit.test' })).statusCode).toBe(200);
    expect((await confirm({ referer: 'http://orbit.test/settings' })).statusCode).toBe(200);
  });
});

describe('identity availability', () => {
  it('reports a taken or invalid avatar name as unavailable', async () => {
    const a = await signUp(app);
    const b = await signUp(app);
    const available = (identity: string) =>
      call(app, 'identityAvailable', { headers: b.headers, query: { identity } });
    expect((await available(a.username)).json()).toEqual({ valid: true, available: false });
    expect((await available(uniqueName('free'))).json()).toEqual({ valid: true, available: true });
    const invalid = await available('a b');
    expect(invalid.json()).toEqual({ valid: false, available: false });
  });
});

describe('registration into an organisation', async () => {
  const orgCtx = await createTestApp();
  const db = orgCtx.database.db;
  const [closed] = await db
    .insert(organizations)
    .values({ name: 'Closed Co', registrationOpen: false })
    .returning();
  const [open] = await db
    .insert(organizations)
    .values({ name: 'Open Club', registrationOpen: true })
    .returning();
  const register = (
    fields: { organization_id?: number; email?: string },
    headers: Record<string, string> = {},
  ) => {
    const username = uniqueName();
    return call(orgCtx.app, 'register', {
      headers,
      body: { email: `${username}@x.test`, username, password: GOOD_PASSWORD, ...fields },
    });
  };
  const rolesIn = async (userId: number) =>
    db.select().from(organizationMembers).where(eq(organizationMembers.userId, userId));

  it('joins an organisation whose registration is open, as an ordinary member', async () => {
    const res = await register({ organization_id: open.id });
    expect(res.statusCode).toBe(201);
    expect(await rolesIn(res.json().user_id)).toMatchObject([{ organizationId: open.id, orgRoles: [4] }]);
  });

  it('refuses a closed organisation without an admin of it, and writes nothing', async () => {
    const res = await register({ organization_id: closed.id, email: 'closed@x.test' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('registration_closed');
    const signedIn = await call(orgCtx.app, 'login', {
      body: { identity: 'closed@x.test', password: GOOD_PASSWORD },
    });
    expect(signedIn.statusCode).toBe(401);
  });

  it('lets an admin (role 2) of a closed organisation register a member into it (the add-member form)', async () => {
    const admin = await signUp(orgCtx.app);
    await db
      .insert(organizationMembers)
      .values({ organizationId: closed.id, userId: admin.userId, orgRoles: [2, 4] });
    const res = await register({ organization_id: closed.id }, admin.headers);
    expect(res.statusCode).toBe(201);
    expect(await rolesIn(res.json().user_id)).toMatchObject([{ organizationId: closed.id }]);
  });

  it('puts a member who names no organisation into the oldest open one', async () => {
    const res = await register({});
    expect(await rolesIn(res.json().user_id)).toMatchObject([{ organizationId: open.id, orgRoles: [4] }]);
  });
});
