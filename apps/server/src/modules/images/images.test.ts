import {
  type EndpointArgs,
  type Endpoints,
  LIMITS,
  SESSION_IMAGES,
  sessionImageClass,
} from '@orbit/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { images } from '../../db/schema';
import { call } from '../../test/call';
import { createTestApp, signUp, type TestUser } from '../../test/harness';

const ctx = await createTestApp();
const { app } = ctx;

function multipart(bytes: Buffer, filename = 'photo.png', type = 'image/png') {
  const boundary = '----orbit-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A multipart upload, as the persona editor sends it: the form by hand, which `call` does not build. */
function upload(target: TestApp['app'], user: TestUser, bytes: Buffer, filename?: string) {
  const form = multipart(bytes, filename);
  return target.inject({
    method: 'POST',
    url: '/api/user/temp_image?s=280',
    headers: { ...user.headers, ...form.headers },
    payload: form.payload,
  });
}
type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 144, b: 255 } } })
    .png()
    .toBuffer();

const tempImageOf = (user: TestUser, image_id: number, s?: number) =>
  call(app, 'tempImage', { headers: user.headers, query: { image_id, s } });
const imageOf = (user: TestUser, image_id: number) =>
  call(app, 'image', { headers: user.headers, query: { image_id } });

async function tempImage(user: TestUser, width = 800, height = 600): Promise<number> {
  const res = await upload(app, user, await png(width, height));
  expect(res.statusCode).toBe(200);
  return res.json().image_id;
}

describe('POST /user/temp_image', () => {
  it('stores a real PNG re-encoded, upright and without metadata, readable by its owner only', async () => {
    const [user, other] = [await signUp(app), await signUp(app)];
    const withExif = await sharp(await png(800, 600))
      .withExif({ IFD0: { Copyright: 'secret place' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const res = await upload(app, user, withExif, 'photo.jpg');
    expect(res.statusCode).toBe(200);
    const { image_id, width, height } = res.json();
    expect([width, height]).toEqual([800, 600]);

    const served = await tempImageOf(user, image_id);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\//);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([800, 600]);

    const preview = await tempImageOf(user, image_id, 280);
    expect((await sharp(preview.rawPayload).metadata()).width).toBe(280);

    expect((await tempImageOf(other, image_id)).statusCode).toBe(404);
    expect((await imageOf(other, image_id)).statusCode).toBe(404);
  });

  it('scales a large image so that its longest side is 2048', async () => {
    const user = await signUp(app);
    const res = await upload(app, user, await png(3000, 1000));
    expect([res.json().width, res.json().height]).toEqual([2048, 683]);
  });

  it('refuses a text file named .png with 415', async () => {
    const user = await signUp(app);
    const res = await upload(app, user, Buffer.from('just some text, not an image at all'), 'fake.png');
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe('unsupported_type');
  });

  it('refuses an SVG (a script carrier) with 415', async () => {
    const user = await signUp(app);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>');
    expect((await upload(app, user, svg, 'x.svg')).statusCode).toBe(415);
  });

  it('refuses a body that is not multipart with 415', async () => {
    const user = await signUp(app);
    // A JSON body where the declaration takes a form: only a raw request can send it.
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/temp_image',
      headers: user.headers,
      payload: { image: 'x' },
    });
    expect(res.statusCode).toBe(415);
  });

  it('refuses a file over 25 MB with 413', async () => {
    const user = await signUp(app);
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(LIMITS.uploadBytes)]);
    const res = await upload(app, user, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('too_large');
  });

  it('refuses an image of more than 40 megapixels with 413', async () => {
    const user = await signUp(app);
    const res = await upload(app, user, await png(6400, 6400));
    expect(res.statusCode).toBe(413);
  });

  it('removes the member’s temp uploads older than a day when they upload the next one', async () => {
    const user = await signUp(app);
    const old = await tempImage(user, 20, 20);
    await ctx.deps.db
      .update(images)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(images.id, old));
    const recent = await tempImage(user, 20, 20);
    await tempImage(user, 20, 20);
    expect((await tempImageOf(user, old)).statusCode).toBe(404);
    expect((await tempImageOf(user, recent)).statusCode).toBe(200);
  });
});

describe('POST /crop', () => {
  const crop = (user: TestUser, body: EndpointArgs<Endpoints['cropImage']>['body']) =>
    call(app, 'cropImage', { headers: user.headers, body });

  it('crops a square of the temp image to a 300 x 300 persona image that members see once it is the persona', async () => {
    const [user, other] = [await signUp(app), await signUp(app)];
    const image_id = await tempImage(user);
    const res = await crop(user, { image_id, s: 210, x: 10, y: 20 });
    expect(res.statusCode).toBe(200);
    const { image_id: personaId, image_url } = res.json();
    expect(image_url).toBe(`/api/user/image?image_id=${personaId}`);
    const persona = { persona_image: { type: 2, value: personaId } };
    expect((await call(app, 'updateUser', { headers: user.headers, body: persona })).statusCode).toBe(200);
    // The address the crop answered, read as a page would: raw, not by the endpoint's name.
    const served = await app.inject({ method: 'GET', url: image_url, headers: other.headers });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\//);
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([300, 300]);
  });

  it('reads x, y and s in the scale the image was shown at', async () => {
    const user = await signUp(app);
    const image_id = await tempImage(user, 800, 600);
    // Shown 280 wide the image is 210 high: a 210 square at x 70 touches the bottom-right corner.
    expect((await crop(user, { image_id, s: 210, x: 70, y: 0, width: 280 })).statusCode).toBe(200);
    expect((await crop(user, { image_id, s: 210, x: 71, y: 0, width: 280 })).statusCode).toBe(400);
  });

  it.each([
    { x: -5, y: 0, s: 210 },
    { x: 0, y: 0, s: 601 },
    { x: 700, y: 0, s: 210 },
    { x: 0, y: 400, s: 210 },
  ])('refuses a crop outside the image: %j', async (square) => {
    const user = await signUp(app);
    const image_id = await tempImage(user);
    const res = await crop(user, { image_id, ...square });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('out_of_range');
  });

  it('refuses to crop another member’s temp image or a persona image (404)', async () => {
    const [user, other] = [await signUp(app), await signUp(app)];
    const theirs = await tempImage(other);
    expect((await crop(user, { image_id: theirs, s: 100, x: 0, y: 0 })).statusCode).toBe(404);
    const persona = (await crop(other, { image_id: theirs, s: 100, x: 0, y: 0 })).json().image_id;
    expect((await crop(other, { image_id: persona, s: 100, x: 0, y: 0 })).statusCode).toBe(404);
  });
});

describe('POST /user/image_id', () => {
  const post = (user: TestUser, image: string) =>
    call(app, 'personaImage', { headers: user.headers, body: { image } });

  it('makes a JSON image square from its centre at 300 wide', async () => {
    const user = await signUp(app);
    const res = await post(user, `data:image/png;base64,${(await png(500, 200)).toString('base64')}`);
    expect(res.statusCode).toBe(200);
    const served = await imageOf(user, res.json().image_id);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([300, 300]);
  });

  it('refuses something that is not a data URL (400) or not an image (415)', async () => {
    const user = await signUp(app);
    expect((await post(user, 'https://example.org/x.png')).json().error).toBe('invalid_image');
    const text = `data:image/png;base64,${Buffer.from('hello, not an image').toString('base64')}`;
    expect((await post(user, text)).statusCode).toBe(415);
  });
});

describe('GET /user/image', () => {
  it('answers 404 for an unknown image', async () => {
    const user = await signUp(app);
    expect((await imageOf(user, 99999999)).statusCode).toBe(404);
  });

  it('needs a session', async () => {
    expect((await call(app, 'image', { query: { image_id: 1 } })).statusCode).toBe(401);
  });
});

describe('upload rate limit', async () => {
  const limited = await createTestApp({ rateLimitFactor: 1 });

  it('allows 30 uploads a minute per member', async () => {
    const user = await signUp(limited.app);
    const text = Buffer.from('not an image');
    for (let i = 0; i < 30; i++) expect((await upload(limited.app, user, text)).statusCode).toBe(415);
    expect((await upload(limited.app, user, text)).statusCode).toBe(429);
  });
});

describe('GET /v3/session_images', () => {
  it('maps every style class to a real WebP served without a session, with a long cache', async () => {
    const user = await signUp(app);
    const res = await call(app, 'sessionImages', { headers: user.headers });
    expect(res.statusCode).toBe(200);
    // Read as the plain map it is: the answer's type also admits a refusal's `error` and `message`.
    const map = res.json() as Record<string, string>;
    expect(Object.keys(map)).toHaveLength(SESSION_IMAGES.length);
    expect(map[sessionImageClass(1)]).toBe('/api/v3/session_images/session-1.webp');
    expect(map[sessionImageClass(-122)]).toBe('/api/v3/session_images/session-o122.webp');
    expect(map[sessionImageClass(71)]).toBe('/api/v3/session_images/session-generic.webp');
    expect(map['session-71']).toBeUndefined();
    const bytes = new Map<string, string>();
    for (const [className, url] of Object.entries(map)) {
      // Each address the map answered, read without a session as an image element would.
      const image = await app.inject({ method: 'GET', url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['cache-control']).toContain('immutable');
      const meta = await sharp(image.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 96, 96]);
      bytes.set(className, image.rawPayload.toString('base64'));
    }
    // The other set is drawn differently from the main one, and the generic icon from both.
    expect(new Set(['session-1', 'session-o1', 'session-generic'].map((c) => bytes.get(c))).size).toBe(3);
    const missing = await call(app, 'sessionImage', { params: { file: 'session-71.webp' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('not_found');
    expect((await call(app, 'sessionImages')).statusCode).toBe(401);
  });
});
