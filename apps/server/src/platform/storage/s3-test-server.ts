import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../../config';

/** s3rver's built-in account: it refuses any other access key id. */
const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3Server {
  /** Settings of S3Storage pointing at this server's bucket. */
  config(overrides?: Partial<S3Config>): S3Config;
  close(): Promise<void>;
}

/** A real S3-compatible server on a free loopback port, its data in a fresh temp directory, with one bucket. */
export async function startTestS3Server(bucket: string): Promise<TestS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    config: (overrides = {}) => ({
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket,
      ...S3RVER_CREDENTIALS,
      forcePathStyle: true,
      prefix: '',
      ...overrides,
    }),
    close: async () => {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
