import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createStorage, LocalStorage } from './index';
import { S3Storage } from './s3';

const credentials = { S3_BUCKET: 'orbit', S3_ACCESS_KEY_ID: 'AKID', S3_SECRET_ACCESS_KEY: 'secret' };

describe('S3 configuration', () => {
  it('keeps uploads on local disk without S3_BUCKET', () => {
    const config = loadConfig({});
    expect(config.s3).toBeNull();
    expect(createStorage(config)).toBeInstanceOf(LocalStorage);
  });

  it('uses S3 with the documented defaults when S3_BUCKET is set', () => {
    const config = loadConfig(credentials);
    expect(config.s3).toEqual({
      endpoint: 'https://s3.us-east-1.amazonaws.com',
      region: 'us-east-1',
      bucket: 'orbit',
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: '',
    });
    expect(createStorage(config)).toBeInstanceOf(S3Storage);
  });

  it('reads every S3 variable, normalizing the endpoint and the prefix', () => {
    const { s3 } = loadConfig({
      ...credentials,
      S3_ENDPOINT: 'http://minio:9000/',
      S3_REGION: 'eu-central-1',
      S3_FORCE_PATH_STYLE: 'false',
      S3_PREFIX: '/orbit/prod/',
    });
    expect(s3).toMatchObject({
      endpoint: 'http://minio:9000',
      region: 'eu-central-1',
      forcePathStyle: false,
      prefix: 'orbit/prod/',
    });
    expect(loadConfig({ ...credentials, S3_REGION: 'eu-west-3' }).s3?.endpoint).toBe(
      'https://s3.eu-west-3.amazonaws.com',
    );
  });

  it('refuses a bucket without both credentials', () => {
    expect(() => loadConfig({ S3_BUCKET: 'orbit', S3_ACCESS_KEY_ID: 'AKID' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'orbit', S3_SECRET_ACCESS_KEY: 'x' })).toThrow(/S3_ACCESS_KEY_ID/);
  });

  it('refuses S3 settings without S3_BUCKET rather than silently storing locally', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      /S3_ENDPOINT set without S3_BUCKET/,
    );
  });

  it('refuses an endpoint that is not an http(s) URL', () => {
    expect(() => loadConfig({ ...credentials, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...credentials, S3_ENDPOINT: 'not a url' })).toThrow(
      /S3_ENDPOINT must be a URL/,
    );
  });
});
