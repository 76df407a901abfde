import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { type AddressPolicy, isPublicAddress, LinkPreviewer } from '../../platform/linkpreview';
import { MemoryStorage } from '../../platform/storage';
import { call } from '../../test/call';
import { createTestApp, openTestDatabase, signUp, testConfig } from '../../test/harness';
import { createDeps } from '../../wiring';

/** A page with Open Graph tags on 127.0.0.1: the stand-in for a site on the web. */
const page = http.createServer((_req, res) => {
  res
    .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    .end(
      '<html><head><meta property="og:title" content="Sunrise walk"><meta property="og:image" content="/sun.jpg"></head></html>',
    );
});
await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
const pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/walk`;

/** The real guard, as every deployment has it. */
const guarded = await createTestApp();

/** The same app with a previewer that may also reach loopback: a test-only policy passed through deps. */
async function appReachingLoopback() {
  const loopbackToo: AddressPolicy = (address) => address === '127.0.0.1' || isPublicAddress(address);
  const database = await openTestDatabase();
  const { deps, close } = await createDeps(testConfig(), database, {
    storage: new MemoryStorage(),
    linkPreview: new LinkPreviewer({ allowAddress: loopbackToo }),
  });
  const app = await buildApp(deps, { logger: false });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await close();
    await database.close();
  });
  return app;
}
const widened = await appReachingLoopback();

afterAll(() => new Promise<void>((resolve) => page.close(() => resolve())));

const preview = (app: typeof widened, headers: Record<string, string>, url: string) =>
  call(app, 'linkPreview', { headers, body: { url } });

describe('POST /getLinkPreview', () => {
  it('refuses a page on a loopback address with 400 link_preview_failed', async () => {
    const user = await signUp(guarded.app);
    const res = await preview(guarded.app, user.headers, pageUrl);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'link_preview_failed',
      message: 'This address may not be previewed',
    });
  });

  it('answers img, title and link from the page’s Open Graph tags', async () => {
    const user = await signUp(widened);
    const res = await preview(widened, user.headers, pageUrl);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      img: new URL('/sun.jpg', pageUrl).toString(),
      title: 'Sunrise walk',
      link: pageUrl,
    });
  });

  it('needs a session and a URL', async () => {
    expect((await preview(guarded.app, {}, pageUrl)).statusCode).toBe(401);
    const user = await signUp(guarded.app);
    expect((await preview(guarded.app, user.headers, '')).statusCode).toBe(400);
  });
});

describe('link preview rate limit', async () => {
  const limited = await createTestApp({ rateLimitFactor: 1 });

  it('allows 30 previews a minute per member', async () => {
    const user = await signUp(limited.app);
    for (let i = 0; i < 30; i++)
      expect((await preview(limited.app, user.headers, pageUrl)).statusCode).toBe(400);
    expect((await preview(limited.app, user.headers, pageUrl)).statusCode).toBe(429);
  });
});
