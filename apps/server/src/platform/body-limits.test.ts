import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { posts } from '../db/schema';
import { call } from '../test/call';
import { createTestApp, signUp } from '../test/harness';
import { BODY_LIMITS } from './http';

const MB = 1024 * 1024;
const { app, deps } = await createTestApp();
const member = await signUp(app);

/** A PNG of noise, which does not compress: its bytes are more than the JSON limit. */
const bigPng = await sharp({
  create: {
    width: 900,
    height: 900,
    channels: 3,
    background: '#000',
    noise: { type: 'gaussian', mean: 128, sigma: 60 },
  },
})
  .png()
  .toBuffer();

const { headers } = member;

function expectTooLarge(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(413);
  expect(res.json()).toMatchObject({ error: 'too_large', message: expect.any(String) });
}

describe('request body limits per route', () => {
  it('refuses a 5 MB JSON post with 413 and writes nothing', async () => {
    const before = (await deps.db.select({ n: count() }).from(posts))[0].n;
    expectTooLarge(await call(app, 'createUserPost', { headers, body: { message: 'x'.repeat(5 * MB) } }));
    expect((await deps.db.select({ n: count() }).from(posts))[0].n).toBe(before);
  });

  it('takes a JSON image larger than the JSON limit on a JSON-image route', async () => {
    expect(bigPng.length).toBeGreaterThan(BODY_LIMITS.json);
    const image = `data:image/png;base64,${bigPng.toString('base64')}`;
    const res = await call(app, 'personaImage', { headers, body: { image } });
    expect(res.statusCode).toBe(200);
    expect(res.json().image_id).toEqual(expect.any(Number));
  });

  it('refuses a JSON image past an encoded upload with 413', async () => {
    const image = `data:image/png;base64,${'A'.repeat(BODY_LIMITS.dataImage)}`;
    expectTooLarge(await call(app, 'personaImage', { headers, body: { image } }));
  });

  it('takes a multipart file larger than the JSON limit', async () => {
    const boundary = 'orbitlimit';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="noise.png"\r\nContent-Type: image/png\r\n\r\n`;
    const payload = Buffer.concat([Buffer.from(head), bigPng, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    // A multipart upload: its form's bytes through inject, as the typed call() sends JSON only.
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/temp_image',
      headers: { ...member.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('an oversized body on a route without a session', () => {
  it('is refused before it is read, and counts against the rate limit', async () => {
    const strict = await createTestApp({ rateLimitFactor: 1 });
    const oversized = { email: 'a@b.test', password: 'x'.repeat(2 * MB), username: 'someone' };
    const send = () => call(strict.app, 'register', { body: oversized });
    // POST /register allows 10 an hour from one address: the eleventh oversized body meets the limit.
    for (let i = 0; i < 10; i += 1) expectTooLarge(await send());
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'rate_limited' });
  });
});
