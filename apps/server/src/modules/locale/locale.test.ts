import { EN_US } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { call, unchecked } from '../../test/call';
import { createTestApp } from '../../test/harness';

const MIN_VERSION = 5;
const { app } = await createTestApp({ minClientVersion: MIN_VERSION });

describe('GET /api/locale', () => {
  it('answers the en_us dictionary without a session', async () => {
    const res = await call(app, 'locale', { query: { lang: 'en_us' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().lang).toBe('en_us');
    expect(res.json().keys['error.title']).toBe('Error');
    expect(res.json().keys).toEqual(EN_US);
  });

  it('uses en_us when no language is asked for', async () => {
    const res = await call(app, 'locale');
    expect(res.json().lang).toBe('en_us');
  });

  it('falls back to en_us for an unknown language and says so', async () => {
    const res = await call(app, 'locale', { query: { lang: 'tlh_kl' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().lang).toBe('en_us');
    expect(res.json().keys['password.incorrect']).toBe(EN_US['password.incorrect']);
  });

  it('carries no key the dictionary lacks (the client shows a missing key as itself)', async () => {
    const { keys } = (await call(app, 'locale')).json();
    expect(keys).not.toHaveProperty('no.such.key');
    expect(Object.keys(keys)).toHaveLength(Object.keys(EN_US).length);
  });
});

describe('GET /api/gv', () => {
  it('says a client below MIN_CLIENT_VERSION is outdated', async () => {
    const res = await call(app, 'version', { query: { v: MIN_VERSION - 1 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ outdated: true, min_version: MIN_VERSION, version: MIN_VERSION - 1 });
  });

  it('says a client at or above MIN_CLIENT_VERSION is current', async () => {
    for (const v of [MIN_VERSION, MIN_VERSION + 0.5, MIN_VERSION + 10]) {
      const res = await call(app, 'version', { query: { v } });
      expect(res.json().outdated).toBe(false);
    }
  });

  it.each([
    ['missing', {}],
    ['not a number', { v: 'abc' }],
    ['empty', { v: '' }],
  ])('refuses a version that is %s with 400 validation', async (_label, query) => {
    const res = await call(app, 'version', { query: unchecked(query) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('validation');
  });
});
