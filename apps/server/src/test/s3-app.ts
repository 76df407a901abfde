import { afterAll } from 'vitest';
import { buildApp } from '../app';
import type { Config } from '../config';
import { startTestS3Server } from '../platform/storage/s3-test-server';
import { createDeps } from '../wiring';
import { openTestDatabase, type TestContext, testConfig } from './harness';

/**
 * A real app whose files go to a real S3-compatible server (s3rver), its keys under `prefix`: storage as
 * wiring chooses it for S3_BUCKET. Closed after the file's tests.
 */
export async function s3TestApp(bucket: string, prefix: string, overrides: Partial<Config> = {}) {
  const s3 = await startTestS3Server(bucket);
  const database = await openTestDatabase();
  const { deps, redis, close } = await createDeps(
    testConfig({ ...overrides, s3: s3.config({ prefix }) }),
    database,
  );
  const app = await buildApp(deps, { logger: false, redis });
  await app.ready();
  const ctx: TestContext = { app, deps, database, close };
  afterAll(async () => {
    await app.close();
    await close();
    await database.close();
    await s3.close();
  });
  return { ...ctx, s3 };
}
