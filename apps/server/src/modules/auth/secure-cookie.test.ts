import { describe, expect, it } from 'vitest';
import type { App } from '../../platform/http';
import { createTestApp, signUp } from '../../test/harness';

/** The session cookie is Secure when the app is served over https, as the proxies TRUST_PROXY trusts say. */

const PROXY = '10.0.0.5';

/** Signs the member in from `from` and answers whether the session cookie it sets is Secure. */
async function secureCookie(app: App, from: string, headers: Record<string, string> = {}) {
  const member = await signUp(app);
  // From a given peer address, which only the injection sets.
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: from,
    headers,
    payload: { identity: member.username, password: member.password },
  });
  expect(res.statusCode).toBe(200);
  const session = res.cookies.find((cookie) => cookie.name === 'session');
  expect(session?.value).toBe(res.json().user_token);
  return session?.secure === true;
}

describe('the Secure session cookie', async () => {
  const behindProxy = await createTestApp({ trustProxy: [PROXY], publicUrl: null });
  const httpsPublic = await createTestApp({ trustProxy: false, publicUrl: 'https://orbit.example.org' });

  it('is Secure when a trusted proxy says the request came over https', async () => {
    expect(await secureCookie(behindProxy.app, PROXY, { 'x-forwarded-proto': 'https' })).toBe(true);
    expect(await secureCookie(behindProxy.app, PROXY, { 'x-forwarded-proto': 'http' })).toBe(false);
    expect(await secureCookie(behindProxy.app, PROXY)).toBe(false);
  });

  it('is not Secure when an untrusted peer claims https, unless PUBLIC_URL is https', async () => {
    expect(await secureCookie(behindProxy.app, '203.0.113.9', { 'x-forwarded-proto': 'https' })).toBe(false);
    expect(await secureCookie(httpsPublic.app, '203.0.113.9', { 'x-forwarded-proto': 'https' })).toBe(true);
    expect(await secureCookie(httpsPublic.app, '203.0.113.9')).toBe(true);
  });
});
