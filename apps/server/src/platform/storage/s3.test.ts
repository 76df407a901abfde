import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, getGlobalDispatcher, setGlobalDispatcher } from 'undici';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { S3Config } from '../../config';
import { S3Storage } from './s3';
import { startTestS3Server } from './s3-test-server';

const BUCKET = 'orbit-test';
const s3 = await startTestS3Server(BUCKET);
afterAll(() => s3.close());
afterEach(() => vi.restoreAllMocks());

const storage = new S3Storage(s3.config());

/** A loopback HTTP server answering every request with `respond`; counts what it was asked. */
async function fakeEndpoint(respond: (res: http.ServerResponse) => void) {
  let requests = 0;
  const server = http.createServer((_req, res) => {
    requests += 1;
    respond(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

describe('S3Storage against s3rver', () => {
  it('gets back exactly the bytes it put', async () => {
    const bytes = randomBytes(200_000);
    await storage.put('images/temp/one.webp', bytes);
    const read = await storage.get('images/temp/one.webp');
    expect(read?.equals(bytes)).toBe(true);
  });

  // Importing the undici package (the push worker and link previews do) can route Node's own fetch through
  // the package's stricter dispatcher, which refused a Content-Length set by hand: every put failed.
  it('puts through an undici Agent installed as the global dispatcher', async () => {
    const previous = getGlobalDispatcher();
    setGlobalDispatcher(new Agent());
    try {
      await storage.put('images/temp/agent.webp', Buffer.from('through the agent'));
      expect((await storage.get('images/temp/agent.webp'))?.toString()).toBe('through the agent');
    } finally {
      setGlobalDispatcher(previous);
    }
  });

  it('overwrites an existing key', async () => {
    await storage.put('images/persona/two.webp', Buffer.from('first'));
    await storage.put('images/persona/two.webp', Buffer.from('second'));
    expect((await storage.get('images/persona/two.webp'))?.toString()).toBe('second');
  });

  it('answers null for a key never stored, and for one deleted', async () => {
    expect(await storage.get('images/temp/never.webp')).toBeNull();
    await storage.put('images/temp/gone.webp', Buffer.from('x'));
    await storage.delete('images/temp/gone.webp');
    expect(await storage.get('images/temp/gone.webp')).toBeNull();
  });

  it('deletes a missing key without an error', async () => {
    await expect(storage.delete('images/temp/absent.webp')).resolves.toBeUndefined();
  });

  it('keeps keys with spaces, slashes and reserved characters apart', async () => {
    const keys = [
      'odd keys/a b/c.bin',
      'odd keys/a+b/c.bin',
      'odd keys/a%20b/c.bin',
      "odd keys/(x)!'*ü/c.bin",
    ];
    await Promise.all(keys.map((key) => storage.put(key, Buffer.from(key))));
    for (const key of keys) expect((await storage.get(key))?.toString()).toBe(key);
  });

  it('stores every key under S3_PREFIX', async () => {
    const prefixed = new S3Storage(s3.config({ prefix: 'tenant/' }));
    await prefixed.put('images/temp/p.webp', Buffer.from('prefixed'));
    expect((await storage.get('tenant/images/temp/p.webp'))?.toString()).toBe('prefixed');
    expect(await storage.get('images/temp/p.webp')).toBeNull();
    expect((await prefixed.get('images/temp/p.webp'))?.toString()).toBe('prefixed');
  });

  it('refuses keys whose empty or dot segments URL parsing would rewrite', async () => {
    for (const key of ['../escape', 'a//b', 'a/./b', '/lead']) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/bad storage key/);
    }
  });

  // s3rver checks the access key id but does not verify V4 signatures, so a wrong secret cannot be tested here.
  it('reports a refused credential naming bucket and key, never the secret', async () => {
    const secret = 'very-secret-value';
    const intruder = new S3Storage(s3.config({ accessKeyId: 'NOT-S3RVER', secretAccessKey: secret }));
    const error = await intruder.get('images/temp/one.webp').catch((err: Error) => err);
    expect(error).toBeInstanceOf(Error);
    const { message } = error as Error;
    expect(message).toMatch(
      /GET of "images\/temp\/one.webp" in bucket "orbit-test" failed: 403 InvalidAccessKeyId/,
    );
    expect(message).not.toContain(secret);
  });

  it('treats a missing bucket as an error, not as a missing object', async () => {
    const lost = new S3Storage(s3.config({ bucket: 'no-such-bucket' }));
    await expect(lost.get('images/temp/one.webp')).rejects.toThrow(
      /bucket "no-such-bucket".*404 NoSuchBucket/,
    );
  });
});

describe('S3Storage failures', () => {
  it('gives up on a store that does not answer within the timeout', async () => {
    const silent = await fakeEndpoint(() => {});
    try {
      const slow = new S3Storage(s3.config({ endpoint: silent.endpoint }), 200);
      await expect(slow.get('k/one')).rejects.toThrow(
        /GET of "k\/one" in bucket "orbit-test" failed: .*timeout/,
      );
    } finally {
      silent.close();
    }
  });

  it('retries a 5xx twice, then reports the S3 error code', async () => {
    const broken = await fakeEndpoint((res) => {
      res.writeHead(500, { 'content-type': 'application/xml' });
      res.end('<Error><Code>InternalError</Code><Message>down</Message></Error>');
    });
    try {
      const store = new S3Storage(s3.config({ endpoint: broken.endpoint }));
      await expect(store.put('k/two', Buffer.from('x'))).rejects.toThrow(
        /PUT of "k\/two".* 500 InternalError/,
      );
      expect(broken.requests()).toBe(3);
    } finally {
      broken.close();
    }
  });

  it('names bucket and key when the endpoint cannot be reached', async () => {
    const closed = await fakeEndpoint(() => {});
    closed.close();
    const store = new S3Storage(s3.config({ endpoint: closed.endpoint }));
    await expect(store.delete('k/three')).rejects.toThrow(
      /DELETE of "k\/three" in bucket "orbit-test" failed: fetch failed/,
    );
  });
});

describe('S3Storage requests', () => {
  const aws: S3Config = {
    endpoint: 'https://s3.eu-west-1.amazonaws.com',
    region: 'eu-west-1',
    bucket: 'orbit-uploads',
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI',
    forcePathStyle: false,
    prefix: 'prod/',
  };

  async function capturePut(config: S3Config, key: string): Promise<Request> {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 200 }));
    await new S3Storage(config).put(key, Buffer.from('four bytes'.slice(0, 4)));
    return fetch.mock.calls[0][0] as Request;
  }

  it('signs an octet-stream PUT with its length, the bucket in the host name unless path style', async () => {
    const request = await capturePut(aws, 'images/a b/c.webp');
    expect(request.method).toBe('PUT');
    expect(request.url).toBe('https://orbit-uploads.s3.eu-west-1.amazonaws.com/prod/images/a%20b/c.webp');
    expect(request.headers.get('content-type')).toBe('application/octet-stream');
    expect((await request.arrayBuffer()).byteLength).toBe(4);
    expect(request.headers.get('authorization')).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request/,
    );
  });

  it('puts the bucket in the path with S3_FORCE_PATH_STYLE, under the endpoint path', async () => {
    const request = await capturePut(
      { ...aws, endpoint: 'https://store.example/s3', forcePathStyle: true },
      'images/x.webp',
    );
    expect(request.url).toBe('https://store.example/s3/orbit-uploads/prod/images/x.webp');
  });
});
