import { createECDH, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

/**
 * A push service (RFC 8030) in the bench process on 127.0.0.1, which the server reaches because the bench
 * starts it with PUSH_ALLOWED_HOSTS=127.0.0.1: it reads each push whole and answers 201, noting when it came
 * (performance.now(), the clock the requests are timed on). It does not decrypt: the server's tests do that.
 */
export class BenchPushService {
  /** Arrival times of every push, in order. */
  readonly arrivals: number[] = [];
  origin = '';
  /** One browser's keys for every subscription: a valid P-256 point and a 16-byte secret to encrypt to. */
  readonly keys = (() => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
  })();
  private readonly server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      this.arrivals.push(performance.now());
      response.writeHead(201).end();
    });
  });

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  get received(): number {
    return this.arrivals.length;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
