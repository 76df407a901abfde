import { describe, expect, it } from 'vitest';
import { call } from '../test/call';
import { createTestApp } from '../test/harness';

const { app } = await createTestApp();

/**
 * Routes that answer without a session, by design: sign-in, registration, account recovery (issue
 * 16), public assets, the Web Push key a browser subscribes with (issue 26), and operators' probes (issue 27).
 */
const PUBLIC = [
  'POST /api/register',
  'POST /api/login',
  'POST /api/login/2fa',
  'POST /api/token',
  'POST /api/password/forgot',
  'POST /api/password/reset',
  'GET /api/openapi.json',
  'GET /api/locale',
  'GET /api/gv',
  'GET /api/ws',
  'GET /api/v3/avatars/:file',
  'GET /api/v3/session_images/:file',
  'GET /api/push/key',
  // Operators' probes (issue 27): health, readiness, and metrics behind a token of their own.
  'GET /api/health',
  'GET /api/ready',
  'GET /api/metrics',
];

const apiRoutes = () => app.routeList.filter((r) => r.url.startsWith('/api/'));
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1');

describe('the route table', () => {
  it('is read (the walk below sees the API)', () => {
    expect(apiRoutes().length).toBeGreaterThan(8);
    expect(apiRoutes().map((r) => `${r.method} ${r.url}`)).toContain('POST /api/user/logout');
  });

  it('makes public only the routes meant to be public', () => {
    const open = apiRoutes()
      .filter((r) => r.public)
      .map((r) => `${r.method} ${r.url}`);
    expect(open.filter((key) => !PUBLIC.includes(key))).toEqual([]);
  });

  it('answers 401 without a session on every route except the public ones', async () => {
    const failures: string[] = [];
    for (const route of apiRoutes().filter((r) => !r.public)) {
      const res = await app.inject({ method: route.method as 'GET', url: concrete(route.url), payload: {} });
      if (res.statusCode !== 401 || res.json().error !== 'unauthorized') {
        failures.push(`${route.method} ${route.url} -> ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 with an unknown bearer token too', async () => {
    const res = await call(app, 'me', { headers: { authorization: 'Bearer forged' } });
    expect(res.statusCode).toBe(401);
  });
});
