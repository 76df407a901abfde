import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { attachments, images } from '../../db/schema';
import { S3Storage } from '../../platform/storage/s3';
import { startTestS3Server } from '../../platform/storage/s3-test-server';
import { busyMember } from '../../test/busy-member';
import { bucketKeys, placesNaming, referencedKeys } from '../../test/erasure';
import { openTestDatabase, testConfig } from '../../test/harness';
import { createDeps } from '../../wiring';

const s3 = await startTestS3Server('orbit-erasure');
const prefix = 'uploads/';
const config = testConfig({ s3: s3.config({ prefix }) });
const database = await openTestDatabase();
const { deps, redis, close } = await createDeps(config, database);
const app = await buildApp(deps, { logger: false, redis });
await app.ready();
afterAll(async () => {
  await app.close();
  await close();
  await database.close();
  await s3.close();
});

describe('an erasure with the files in S3', () => {
  it('leaves in the bucket only files that rows still refer to, none of the member', async () => {
    expect(deps.storage).toBeInstanceOf(S3Storage);
    const { member } = await busyMember({ app, deps, database, close });
    const pictures = await deps.db.select().from(images).where(eq(images.ownerId, member.userId));
    const attached = await deps.db
      .select()
      .from(attachments)
      .where(eq(attachments.uploaderId, member.userId));
    const theirs = [...pictures, ...attached].map((row) => `${prefix}${row.storageKey}`);
    expect(theirs.length).toBeGreaterThanOrEqual(4);
    const before = await bucketKeys(s3.config());
    for (const key of theirs) expect(before).toContain(key);

    const res = await app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: member.headers,
      payload: { password: member.password },
    });
    expect(res.statusCode, res.body).toBe(200);

    const after = await bucketKeys(s3.config());
    for (const key of theirs) expect(after).not.toContain(key);
    const referenced = [...(await referencedKeys(deps.db))].map((key) => `${prefix}${key}`);
    expect(after.sort()).toEqual(referenced.sort());
    expect(await placesNaming(deps.db, member.userId)).toEqual([]);
  });
});
