import { SIGNED_IN_COOKIE } from '@orbit/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { organizationMembers, organizations } from '../../db/schema';
import { createTestApp, GOOD_PASSWORD, signUp, uniqueName } from '../../test/harness';

const ctx = await createTestApp();
const { app } = ctx;

describe('registration', () => {
  it('registers with the spec defaults and answers 201 with the user id', async () => {
    const username = uniqueName();
    const res = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: `${username}@x.test`, password: GOOD_PASSWORD, username },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user_id).toBeGreaterThan(0);
  });

  it('refuses a taken email with email_already_in_use and a taken username with identity_not_available', async () => {
    const user = await signUp(app);
    const again = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: user.email.toUpperCase(), password: GOOD_PASSWORD, username: uniqueName() },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].code).toBe('email_already_in_use');
    const sameName = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        email: `${uniqueName()}@x.test`,
        password: GOOD_PASSWORD,
        username: user.username.toUpperCase(),
      },
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().errors[0].code).toBe('identity_not_available');
  });

  it.each([
    ['short1!', 'too short'],
    ['abcdefghijklmnopqrstuvwxyz0123456', 'too long (33)'],
    ['abcdefghij', 'one class only'],
    ['password1', 'a common password'],
  ])('refuses the password %s (%s) and writes nothing', async (password) => {
    const username = uniqueName();
    const res = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: `${username}@x.test`, password, username },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe('invalid_password');
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { identity: username, password },
    });
    expect(login.statusCode).toBe(401);
  });

  it('refuses a password containing the username', async () => {
    const username = uniqueName('walker');
    const res = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: `${username}@x.test`, password: `${username}-9`, username },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContain('contains_username');
  });

  it.each(['ab', 'has space', 'bad!name', 'semi;colon'])('refuses the username %j', async (username) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: `${uniqueName()}@x.test`, password: GOOD_PASSWORD, username },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe('invalid_username');
  });

  it('generates a password when none is given', async () => {
    const email = `${uniqueName()}@x.test`;
    const res = await app.inject({ method: 'POST', url: '/api/register', payload: { email } });
    expect(res.statusCode).toBe(201);
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { identity: email, password: res.json().generated_password },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('signs in by email or username, case-insensitively, and refuses a wrong password', async () => {
    const user = await signUp(app);
    for (const identity of [user.email.toUpperCase(), user.username.toUpperCase()]) {
      const ok = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { identity, password: user.password },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.cookies.find((c) => c.name === 'session')?.httpOnly).toBe(true);
    }
    const bad = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { identity: user.username, password: 'Wrong-pass-1' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ error: 'invalid_credentials' });
  });

  it('stores only a hash of the token', async () => {
    const user = await signUp(app);
    const rows = await ctx.database.db.query.sessions.findMany();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.tokenHash === user.token)).toBe(false);
  });

  it('logout revokes the session on the server', async () => {
    const user = await signUp(app);
    const out = await app.inject({ method: 'POST', url: '/api/user/logout', headers: user.headers });
    expect(out.statusCode).toBe(200);
    const after = await app.inject({
      method: 'POST',
      url: '/api/user/validate_password',
      headers: user.headers,
      payload: { password: 'x' },
    });
    expect(after.statusCode).toBe(401);
  });

  it('POST /token sets the cookie from a valid token and refuses an unknown one', async () => {
    const user = await signUp(app);
    const ok = await app.inject({ method: 'POST', url: '/api/token', payload: { user_token: user.token } });
    expect(ok.statusCode).toBe(200);
    expect(ok.cookies.find((c) => c.name === 'session')?.value).toBe(user.token);
    const bad = await app.inject({ method: 'POST', url: '/api/token', payload: { user_token: 'nope' } });
    expect(bad.statusCode).toBe(401);
  });
});

describe('the signed-in mark beside the session cookie', () => {
  type Reply = Awaited<ReturnType<typeof app.inject>>;
  const cookie = (reply: Reply, name: string) => reply.cookies.find((c) => c.name === name);
  const cleared = (reply: Reply, name: string) => {
    const gone = cookie(reply, name);
    return gone !== undefined && gone.value === '' && (gone.expires?.getTime() ?? 0) <= Date.now();
  };
  const origin = 'http://localhost:80';

  it('is set, readable by the page, with the session at sign-in; logout clears both', async () => {
    const user = await signUp(app);
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { identity: user.username, password: user.password },
    });
    expect(cookie(login, SIGNED_IN_COOKIE)).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });
    expect(cookie(login, SIGNED_IN_COOKIE)?.httpOnly).toBeFalsy();
    const session = cookie(login, 'session')?.value ?? '';
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
    await app.inject({ method: 'POST', url: '/api/user/logout', headers: user.headers });
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
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: user.headers });
    expect(me.statusCode).toBe(200);
    expect(me.cookies).toEqual([]);
  });
});

describe('passwords', () => {
  it('confirm_password answers 401 incorrect_password on a wrong password', async () => {
    const user = await signUp(app);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/user/confirm_password',
      headers: user.headers,
      payload: { password: 'Nope-nope-1' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('incorrect_password');
    const right = await app.inject({
      method: 'POST',
      url: '/api/user/confirm_password',
      headers: user.headers,
      payload: { password: user.password },
    });
    expect(right.statusCode).toBe(200);
  });

  it('validate_password reports the problems, including the username and common passwords', async () => {
    const user = await signUp(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/validate_password',
      headers: user.headers,
      payload: { password: `${user.username}1` },
    });
    expect(res.json()).toMatchObject({ valid: false });
    expect(res.json().problems).toContain('contains_username');
    const common = await app.inject({
      method: 'POST',
      url: '/api/user/validate_password',
      headers: user.headers,
      payload: { password: 'qwerty123' },
    });
    expect(common.json().problems).toContain('common');
  });
});

describe('cookie sessions and the Origin check', () => {
  it('refuses an unsafe cookie call from another origin or with no origin, accepts our own', async () => {
    const user = await signUp(app);
    const cookies = { session: user.token };
    const call = (headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/user/confirm_password',
        cookies,
        headers: { host: 'orbit.test', ...headers },
        payload: { password: user.password },
      });
    expect((await call({ origin: 'https://evil.test' })).statusCode).toBe(403);
    expect((await call({})).json().error).toBe('bad_origin');
    expect((await call({ origin: 'http://orbit.test' })).statusCode).toBe(200);
    expect((await call({ referer: 'http://orbit.test/settings' })).statusCode).toBe(200);
  });
});

describe('identity availability', () => {
  it('reports a taken or invalid avatar name as unavailable', async () => {
    const a = await signUp(app);
    const b = await signUp(app);
    const taken = await app.inject({
      method: 'GET',
      url: `/api/user/identity_available?identity=${a.username}`,
      headers: b.headers,
    });
    expect(taken.json()).toEqual({ valid: true, available: false });
    const free = await app.inject({
      method: 'GET',
      url: `/api/user/identity_available?identity=${uniqueName('free')}`,
      headers: b.headers,
    });
    expect(free.json()).toEqual({ valid: true, available: true });
    const invalid = await app.inject({
      method: 'GET',
      url: '/api/user/identity_available?identity=a%20b',
      headers: b.headers,
    });
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
  const register = (payload: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const username = uniqueName();
    return orgCtx.app.inject({
      method: 'POST',
      url: '/api/register',
      headers,
      payload: { email: `${username}@x.test`, username, password: GOOD_PASSWORD, ...payload },
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
    const login = await orgCtx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { identity: 'closed@x.test', password: GOOD_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
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
