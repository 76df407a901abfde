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
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

const production = await createTestApp({ webDist });
const debugging = await createTestApp({ webDist, sourceMaps: true });
const get = (ctx: typeof production, url: string) => ctx.app.inject({ method: 'GET', url });

describe('the built web app', () => {
  it('serves its files', async () => {
    expect((await get(production, '/assets/app.js')).statusCode).toBe(200);
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
