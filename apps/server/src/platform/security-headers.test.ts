import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness';
import { securityHeadersOf } from './security-headers';

const ctx = await createTestApp();

describe('security headers', () => {
  it.each([
    ['an answer', '/api/health'],
    ['an unknown path', '/api/no-such-route'],
  ])('%s carries the policy and the other headers of helmet', async (_kind, url) => {
    const reply = await ctx.app.inject({ method: 'GET', url });
    const policy = String(reply.headers['content-security-policy']);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("img-src 'self' data: blob: https:");
    expect(policy).toContain("connect-src 'self' ws: wss:");
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(reply.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(reply.headers['cross-origin-opener-policy']).toBe('same-origin');
    // Turned off: persona images of other sites must load (docs/product/account-and-safety.md#persona).
    expect(reply.headers['cross-origin-embedder-policy']).toBeUndefined();
  });

  it('are worked out from the options alone: the same options, the same headers', () => {
    const options = { contentSecurityPolicy: { directives: { defaultSrc: ["'none'"] } } };
    const first = securityHeadersOf(options);
    expect(first).toEqual(securityHeadersOf(options));
    expect(first['content-security-policy']).toContain("default-src 'none'");
    expect(securityHeadersOf({ xFrameOptions: false })['x-frame-options']).toBeUndefined();
  });
});
