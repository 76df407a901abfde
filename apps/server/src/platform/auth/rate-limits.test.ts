import { describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../config';
import { createTestApp, signUp, uniqueName } from '../../test/harness';
import type { App } from '../http';

/**
 * Rate limits a client cannot sidestep by respelling, by sending tokens, or by writing X-Forwarded-For. Each
 * request names the client address it comes from, which the typed call() does not take: app.inject here.
 */

function signIn(app: App, identity: string, extra: { headers?: Record<string, string>; from?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: extra.from ?? '127.0.0.1',
    headers: extra.headers,
    payload: { identity, password: 'Wrong-pass-1' },
  });
}

describe('the per-account sign-in limit', async () => {
  const { app } = await createTestApp({ rateLimitFactor: 1 });

  it('counts the email and the username of one account, in any spelling, in one bucket', async () => {
    const user = await signUp(app);
    const spellings = [
      user.username.toUpperCase(),
      `  ${user.username}  `,
      user.email,
      ` ${user.email.toUpperCase()}`,
      user.username,
    ];
    const statuses: number[] = [];
    // Each attempt from its own address: only the account's bucket can stop them.
    for (let i = 0; i < 12; i++) {
      const res = await signIn(app, spellings[i % spellings.length], { from: `10.1.0.${i + 1}` });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe('sign-in and registration limits per address', async () => {
  const { app } = await createTestApp({ rateLimitFactor: 1 });
  // Two members from other addresses, whose tokens the client sends along.
  const holders: Record<string, string>[] = [];
  for (const from of ['10.2.0.1', '10.2.0.2']) {
    const name = uniqueName();
    await app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: from,
      payload: { email: `${name}@example.test`, username: name, password: 'Orbit-walk-42' },
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: from,
      payload: { identity: name, password: 'Orbit-walk-42' },
    });
    holders.push({ authorization: `Bearer ${login.json().user_token}` });
  }

  it('counts sign-ins from one address together whatever Authorization header comes along', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      // A fresh unknown identity each time, so that no per-account bucket fills.
      const res = await signIn(app, uniqueName('nobody'), { headers: holders[i % 2], from: '10.2.9.9' });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses[30]).toBe(429);
  });

  it('counts registrations from one address together whatever Authorization header comes along', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const name = uniqueName();
      const res = await app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: '10.2.8.8',
        headers: holders[i % 2],
        payload: { email: `${name}@example.test`, username: name, password: 'Orbit-walk-42' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
  });
});

/**
 * 31 sign-ins through a proxy at 127.0.0.1 for the client 203.0.113.7, each claiming another left-most
 * X-Forwarded-For, then one for another client of the same proxy.
 */
async function spoofedBurst(app: App): Promise<number[]> {
  const statuses: number[] = [];
  const through = (forwardedFor: string) =>
    signIn(app, uniqueName('nobody'), { headers: { 'x-forwarded-for': forwardedFor } });
  for (let i = 0; i < 31; i++) {
    statuses.push((await through(`198.51.100.${i + 1}, 203.0.113.7`)).statusCode);
  }
  statuses.push((await through('203.0.113.8')).statusCode);
  return statuses;
}

describe('TRUST_PROXY', () => {
  it('takes a hop count, or the proxies addresses, and refuses "true"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.0.1.0/24,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.0.1.0/24',
      '::1',
      'loopback',
    ]);
    for (const bad of ['true', 'yes', '10.0.0.0/33', 'proxy.example', '-1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    }
  });

  const settings: [string, Config['trustProxy']][] = [
    ['one hop', 1],
    ['the proxy address', ['127.0.0.1']],
  ];
  for (const [label, trustProxy] of settings) {
    it(`with ${label}, keys sign-ins on the address the proxy saw, never the left-most one`, async () => {
      const { app } = await createTestApp({ rateLimitFactor: 1, trustProxy });
      const statuses = await spoofedBurst(app);
      expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
      // The spoofed left-most entries opened no fresh budget; the proxy's other client has its own.
      expect(statuses.slice(30)).toEqual([429, 401]);
    });
  }
});
