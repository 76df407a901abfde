import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { attachments, images } from '../../db/schema';
import { S3Storage } from '../../platform/storage/s3';
import { BUSY_APP_CONFIG, BUSY_WORLD_TIMEOUT_MS, busyMember } from '../../test/busy-member';
import { call } from '../../test/call';
import { bucketKeys, placesNaming, referencedKeys } from '../../test/erasure';
import { s3TestApp } from '../../test/s3-app';

vi.setConfig({ testTimeout: BUSY_WORLD_TIMEOUT_MS });

const prefix = 'uploads/';
const ctx = await s3TestApp('orbit-erasure', prefix, BUSY_APP_CONFIG);
const { app, deps, s3 } = ctx;

describe('an erasure with the files in S3', () => {
  it('leaves in the bucket only files that rows still refer to, none of the member', async () => {
    expect(deps.storage).toBeInstanceOf(S3Storage);
    const { member } = await busyMember(ctx);
    const pictures = await deps.db.select().from(images).where(eq(images.ownerId, member.userId));
    const attached = await deps.db
      .select()
      .from(attachments)
      .where(eq(attachments.uploaderId, member.userId));
    const theirs = [...pictures, ...attached].map((row) => `${prefix}${row.storageKey}`);
    expect(theirs.length).toBeGreaterThanOrEqual(4);
    const before = await bucketKeys(s3.config());
    for (const key of theirs) expect(before).toContain(key);

    const res = await call(app, 'eraseAccount', {
      headers: member.headers,
      body: { password: member.password },
    });
    expect(res.statusCode, res.body).toBe(200);

    const after = await bucketKeys(s3.config());
    for (const key of theirs) expect(after).not.toContain(key);
    const referenced = [...(await referencedKeys(deps.db))].map((key) => `${prefix}${key}`);
    expect(after.sort()).toEqual(referenced.sort());
    expect(await placesNaming(deps.db, member.userId)).toEqual([]);
  });
});
