import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EventType, type SocialSyncBody, type UpdateUserBody } from '@orbit/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { events, users } from '../../db/schema';
import { call, unchecked } from '../../test/call';
import { createTestApp, GOOD_PASSWORD, signUp, type TestUser } from '../../test/harness';

/**
 * A Graph-style provider on a local port, standing in for Facebook's (which cannot be reached here): `/me`
 * answers the account a token belongs to, and a few tokens misbehave as a real provider may.
 */
const accounts = new Map<string, { id: string; first_name?: string; last_name?: string }>();
const seen: { url: string; authorization: string | undefined }[] = [];
const held: ServerResponse[] = [];

function answerMe(request: IncomingMessage, response: ServerResponse) {
  seen.push({ url: request.url ?? '', authorization: request.headers.authorization });
  const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
  if (token === 'slow') return void held.push(response);
  if (token === 'broken') return void response.writeHead(500).end('{"error":"boom"}');
  if (token === 'garbage') return void response.writeHead(200).end('<html>not json</html>');
  const account = accounts.get(token);
  if (!request.url?.startsWith('/me') || !account) {
    response.writeHead(400, { 'content-type': 'application/json' });
    return void response.end('{"error":{"type":"OAuthException","message":"Invalid OAuth access token."}}');
  }
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(account));
}

async function listening(handler = answerMe) {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const provider = await listening();
const closedPort = await listening();
await new Promise((resolve) => closedPort.server.close(resolve));

afterAll(async () => {
  for (const response of held) response.destroy();
  await new Promise((resolve) => provider.server.close(resolve));
});

const ctx = await createTestApp({ socialGraphUrl: provider.url, socialGraphTimeoutMs: 300 });
const { app } = ctx;

const sync = (user: TestUser, body: SocialSyncBody, on = app) =>
  call(on, 'socialSync', { headers: user.headers, body });
const putUser = (user: TestUser, body: UpdateUserBody) =>
  call(app, 'updateUser', { headers: user.headers, body });
const profilesOf = async (user: TestUser, on = app) =>
  (await call(on, 'profiles', { headers: user.headers })).json();
const providerOf = async (user: TestUser) =>
  (await ctx.deps.db.select().from(users).where(eq(users.id, user.userId)))[0];

let nextAccount = 1000;
/** A new account at the provider and the token its sign-in gave. */
function providerAccount(names: { first_name?: string; last_name?: string } = {}) {
  const id = String(nextAccount++);
  const token = `token-${id}`;
  accounts.set(token, { id, ...names });
  return { id, token };
}

describe('PUT /fb/user', () => {
  it('links the account the provider vouches for and takes its names, which the provider then owns', async () => {
    const member = await signUp(app);
    const { id, token } = providerAccount({ first_name: 'Ada', last_name: 'Lovelace' });
    expect((await profilesOf(member)).settings_profile).toMatchObject({
      social_sync: true,
      identity_provider: null,
    });

    const res = await sync(member, { user_id: id, access_token: token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      identity_provider: 'facebook',
      user_identity: id,
      first_name: 'Ada',
      last_name: 'Lovelace',
    });
    // The token was sent in the header, never in the URL.
    expect(seen.at(-1)).toEqual({
      url: '/me?fields=id,first_name,last_name',
      authorization: `Bearer ${token}`,
    });
    expect((await profilesOf(member)).settings_profile).toMatchObject({
      identity_provider: 'facebook',
      has_identity: false,
    });
    const [announced] = await ctx.deps.db
      .select()
      .from(events)
      .where(and(eq(events.recipientId, member.userId), eq(events.type, EventType.USER_PROFILES)));
    expect(announced).toBeDefined();

    // Names and password are the provider's now (docs/product/account-and-safety.md#profile).
    for (const payload of [
      { first_name: 'Grace' },
      { last_name: 'Hopper' },
      { password_old: GOOD_PASSWORD, password_new: 'Another-walk-77' },
    ]) {
      const refused = await putUser(member, payload);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('managed_by_identity_provider');
    }
    // Syncing again takes the provider's names as they are now; a numeric user_id is the same account.
    accounts.set(token, { id, first_name: 'Augusta', last_name: 'King' });
    const again = await sync(member, { user_id: Number(id), access_token: token });
    expect(again.json()).toMatchObject({ first_name: 'Augusta', last_name: 'King', user_identity: id });
  });

  it('refuses a token the provider rejects, or one of another account, and writes nothing', async () => {
    const member = await signUp(app);
    const mine = providerAccount();
    const theirs = providerAccount();
    for (const payload of [
      { user_id: mine.id, access_token: 'expired-token' },
      { user_id: mine.id, access_token: theirs.token },
    ]) {
      const res = await sync(member, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'invalid_social_token',
        message: 'The social network did not accept this sign-in',
      });
    }
    expect(await providerOf(member)).toMatchObject({ identityProvider: null, userIdentity: null });
  });

  it('answers a provider that fails, talks nonsense, is too slow or unreachable with a 400, never a 5xx', async () => {
    const member = await signUp(app);
    const unreachable = await createTestApp({ socialGraphUrl: closedPort.url });
    const onUnreachable = await signUp(unreachable.app);
    const answers = [
      await sync(member, { user_id: '1', access_token: 'broken' }),
      await sync(member, { user_id: '1', access_token: 'garbage' }),
      await sync(member, { user_id: '1', access_token: 'slow' }),
      await sync(onUnreachable, { user_id: '1', access_token: 'any' }, unreachable.app),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'social_provider_unavailable',
        message: 'The social network could not be reached',
      });
    }
    expect(await providerOf(member)).toMatchObject({ identityProvider: null, userIdentity: null });
    await unreachable.close();
  });

  it('links one provider account to one Orbit account, and a linked member to that account only', async () => {
    const [first, second] = [await signUp(app), await signUp(app)];
    const account = providerAccount();
    expect((await sync(first, { user_id: account.id, access_token: account.token })).statusCode).toBe(200);
    const taken = await sync(second, { user_id: account.id, access_token: account.token });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('social_account_linked');
    expect(await providerOf(second)).toMatchObject({ identityProvider: null });
    const other = providerAccount();
    const switched = await sync(first, { user_id: other.id, access_token: other.token });
    expect(switched.statusCode).toBe(409);
    expect(switched.json().error).toBe('identity_provider_mismatch');
    expect(await providerOf(first)).toMatchObject({ userIdentity: account.id });
  });

  it('checks its body', async () => {
    const member = await signUp(app);
    for (const payload of [{ user_id: '1' }, { access_token: 't' }, { user_id: '', access_token: 't' }, {}]) {
      const res = await sync(member, unchecked(payload));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('validation');
    }
  });

  it('is not offered without a provider (SOCIAL_GRAPH_URL set empty)', async () => {
    const none = await createTestApp({ socialGraphUrl: null });
    const member = await signUp(none.app);
    expect((await profilesOf(member, none.app)).settings_profile.social_sync).toBe(false);
    const res = await sync(member, { user_id: '1', access_token: 't' }, none.app);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('no_social_provider');
    await none.close();
  });
});
