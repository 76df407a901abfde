import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { images } from '../../db/schema';
import { call } from '../../test/call';
import { signUp } from '../../test/harness';
import { s3TestApp } from '../../test/s3-app';
import { S3Storage } from './s3';

// No storage override: the app gets whatever wiring chooses for this configuration.
const { app, deps, s3 } = await s3TestApp('orbit-app', 'uploads/');

function multipartPng(bytes: Buffer) {
  const boundary = '----orbit-s3-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('the app with S3_BUCKET set', () => {
  it('stores an uploaded image in the bucket and serves it back from there', async () => {
    expect(deps.storage).toBeInstanceOf(S3Storage);
    const user = await signUp(app);
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#1e90ff' } })
      .png()
      .toBuffer();
    const form = multipartPng(png);
    // A multipart upload: its form's bytes through inject, as the typed call() sends JSON only.
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/user/temp_image',
      headers: { ...user.headers, ...form.headers },
      payload: form.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const { image_id } = uploaded.json();

    const [row] = await deps.db.select().from(images).where(eq(images.id, image_id));
    const inBucket = await new S3Storage(s3.config()).get(`uploads/${row.storageKey}`);
    expect(inBucket).not.toBeNull();

    const served = await call(app, 'tempImage', { headers: user.headers, query: { image_id } });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(inBucket as Buffer)).toBe(true);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([640, 480]);
  });
});
