import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from './test/harness';

/** A built web app as vite writes it with SOURCE_MAPS=true: a script and its source map. */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-web-'));
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Orbit</title>');
fs.writeFileSync(path.join(webDist, 'assets/app.js'), 'console.log(1);\n//# sourceMappingURL=app.js.map');
fs.writeFileSync(path.join(webDist, 'assets/app.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
fs.writeFileSync(path.join(webDist, 'sw.js'), 'self.skipWaiting();');
fs.writeFileSync(path.join(webDist, 'manifest.webmanifest'), '{"name":"Orbit"}');
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

const production = await createTestApp({ webDist });
const debugging = await createTestApp({ webDist, sourceMaps: true });
// The web app's files and paths that are not valid percent-encoding: no declared endpoint, so app.inject.
const get = (ctx: typeof production, url: string) => ctx.app.inject({ method: 'GET', url });

describe('the built web app', () => {
  it('serves its files', async () => {
    expect((await get(production, '/assets/app.js')).statusCode).toBe(200);
  });

  it('serves the service worker and the manifest to be checked on every visit, the manifest with its type', async () => {
    const worker = await get(production, '/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await get(production, '/manifest.webmanifest');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect((await get(production, '/assets/app.js')).headers['cache-control']).not.toBe('no-cache');
  });

  it('never serves a source map unless SOURCE_MAPS is set', async () => {
    const refused = await get(production, '/assets/app.js.map');
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ error: 'not_found' });
    const served = await get(debugging, '/assets/app.js.map');
    expect(served.statusCode).toBe(200);
    expect(served.body).toContain('sources');
  });

  it.each(['/%E0%A4%A', '/api/user/feed/%E0%A4%A'])(
    'answers a path that is not valid percent-encoding with a 400 in the error shape: %s',
    async (url) => {
      const res = await get(production, url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'validation', message: expect.any(String) });
    },
  );
});
