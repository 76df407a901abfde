import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushPayload, PushPreferencesBody } from '@orbit/contract';
import { expect } from 'vitest';
import type { App } from '../platform/http';
import { call } from './call';
import type { TestUser } from './harness';

/** One request the push service received, decrypted with the subscription's keys and its VAPID checked. */
export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  payload: PushPayload;
  /** The VAPID claims (RFC 8292), once their ES256 signature checked out against `k`. */
  claims: { aud: string; exp: number; sub: string };
  /** The `k` of the Authorization header: the server's public key. */
  publicKey: string;
}

/**
 * A browser's side of a subscription, made as a browser makes it: a P-256 key pair and a 16-byte auth secret
 * (RFC 8291 §2). Only it can read what is pushed to it.
 */
export class TestBrowser {
  private readonly ecdh = createECDH('prime256v1');
  readonly auth = randomBytes(16);
  readonly endpoint: string;

  constructor(service: Pick<PushService, 'origin'>, name = randomBytes(6).toString('hex')) {
    this.ecdh.generateKeys();
    this.endpoint = `${service.origin}/push/${name}`;
  }

  get path(): string {
    return new URL(this.endpoint).pathname;
  }

  /** `PushSubscription.toJSON()`. */
  subscription() {
    return {
      endpoint: this.endpoint,
      expirationTime: null,
      keys: {
        p256dh: this.ecdh.getPublicKey().toString('base64url'),
        auth: this.auth.toString('base64url'),
      },
    };
  }

  /** RFC 8291 §3.4 and RFC 8188: one aes128gcm record, keyed by ECDH with the sender's key and HKDF. */
  decrypt(body: Buffer): Buffer {
    const salt = body.subarray(0, 16);
    const idLength = body[20];
    const senderKey = body.subarray(21, 21 + idLength);
    const record = body.subarray(21 + idLength);
    const shared = this.ecdh.computeSecret(senderKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), this.ecdh.getPublicKey(), senderKey]);
    const ikm = Buffer.from(hkdfSync('sha256', shared, this.auth, keyInfo, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // The last record ends with the delimiter 2, then zero padding.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    if (padded[end] !== 2) throw new Error('no last-record delimiter');
    return padded.subarray(0, end);
  }
}

/** `Authorization: vapid t=<JWT>, k=<key>` checked: an ES256 signature by `k` over the JWT's first two parts. */
function verifiedVapid(header: string | undefined): { claims: ReceivedPush['claims']; publicKey: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID Authorization: ${header}`);
  const [, jwt, k] = match;
  const [head, body, signature] = jwt.split('.');
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID signature does not verify');
  if (JSON.parse(Buffer.from(head, 'base64url').toString()).alg !== 'ES256') throw new Error('not ES256');
  return { claims: JSON.parse(Buffer.from(body, 'base64url').toString()), publicKey: k };
}

/**
 * A push service (RFC 8030) in the test process, over http on 127.0.0.1 (PUSH_ALLOWED_HOSTS lets the server
 * reach it): it decrypts each push with the keys of the browser that subscribed at that path, checks its
 * VAPID signature, and answers 201, or what the test queued for that path (410, 503 with Retry-After, ...).
 */
export class PushService {
  readonly received: ReceivedPush[] = [];
  readonly browsers = new Map<string, TestBrowser>();
  private readonly answers = new Map<string, { status: number; headers?: Record<string, string> }[]>();
  private readonly server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const queued = this.answers.get(path)?.shift();
      if (queued) {
        response.writeHead(queued.status, queued.headers).end();
        return;
      }
      try {
        const browser = this.browsers.get(path);
        if (!browser) throw new Error(`no browser subscribed at ${path}`);
        const payload = JSON.parse(browser.decrypt(Buffer.concat(chunks)).toString('utf8'));
        const vapid = verifiedVapid(request.headers.authorization);
        this.received.push({ path, headers: request.headers, payload, ...vapid });
        response.writeHead(201).end();
      } catch (err) {
        this.failures.push(String(err));
        response.writeHead(400).end();
      }
    });
  });
  /** What could not be decrypted or verified: a test expects none. */
  readonly failures: string[] = [];
  origin = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  browser(): TestBrowser {
    const browser = new TestBrowser(this);
    this.browsers.set(browser.path, browser);
    return browser;
  }

  /** The next request at the browser's path gets this answer instead of 201. */
  answerNext(browser: TestBrowser, status: number, headers?: Record<string, string>) {
    const queue = this.answers.get(browser.path) ?? [];
    queue.push({ status, headers });
    this.answers.set(browser.path, queue);
  }

  to(browser: TestBrowser): ReceivedPush[] {
    return this.received.filter((push) => push.path === browser.path);
  }

  clear() {
    this.received.length = 0;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A member's side of pushes through the real routes: a browser that subscribed, the switches set. */
export function pushFixtures(app: App, service: PushService) {
  /** A browser of `user` that subscribed through the real route. */
  async function subscribed(user: TestUser): Promise<TestBrowser> {
    const browser = service.browser();
    const res = await call(app, 'subscribePush', { headers: user.headers, body: browser.subscription() });
    expect(res.statusCode, res.body).toBe(201);
    return browser;
  }

  async function setPreferences(user: TestUser, body: PushPreferencesBody) {
    const res = await call(app, 'updatePushPreferences', { headers: user.headers, body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  return { subscribed, setPreferences };
}
