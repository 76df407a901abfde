import { createECDH } from 'node:crypto';
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { ErrorCode } from '@orbit/contract';
import { badRequest } from '../../platform/errors';
import { guardedLookup, isPublicAddress, RefusedAddressError } from '../../platform/linkpreview';

/** A subscription as the browser gives it, once checked. */
export interface CheckedSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Longer than any push service's (FCM's, Mozilla's, Apple's are under 600 characters). */
const ENDPOINT_MAX = 2048;
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

export const invalidSubscription = (message: string) => badRequest(ErrorCode.invalid_subscription, message);

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();

/**
 * Where pushes may go (decision 0053): an https URL whose host resolves to public addresses only, the SSRF
 * guard of link previews; a host of PUSH_ALLOWED_HOSTS (a self-hosted relay) over http or https, on any
 * address and port.
 */
export class PushEndpoints {
  private readonly allowed: Set<string>;
  private readonly guarded: LookupFunction;

  constructor(allowedHosts: string[]) {
    this.allowed = new Set(allowedHosts.map((host) => host.toLowerCase()));
    this.guarded = guardedLookup(isPublicAddress);
  }

  isAllowedHost(url: URL): boolean {
    return this.allowed.has(hostOf(url));
  }

  /** The URL when its shape may be a push service's; null otherwise. */
  parse(value: string): URL | null {
    if (value.length > ENDPOINT_MAX) return null;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return null;
    }
    if (url.username || url.password) return null;
    if (url.protocol === 'https:') return url;
    return url.protocol === 'http:' && this.isAllowedHost(url) ? url : null;
  }

  /** At subscribe time: every address the host resolves to is public, or the host is allowed. */
  async resolvesPublic(url: URL): Promise<boolean> {
    if (this.isAllowedHost(url)) return true;
    const host = hostOf(url);
    if (isIP(host)) return isPublicAddress(host);
    try {
      const addresses = await dns.promises.lookup(host, { all: true });
      return addresses.length > 0 && addresses.every((a) => isPublicAddress(a.address));
    } catch {
      return false;
    }
  }

  /** At send time, before connecting: a host written as an address is judged here (no lookup happens). */
  assertSendable(url: URL): void {
    if (this.parse(url.href) === null) throw new RefusedAddressError(url.host);
    const host = hostOf(url);
    if (!this.isAllowedHost(url) && isIP(host) && !isPublicAddress(host)) throw new RefusedAddressError(host);
  }

  /** The sockets' own lookup: an allowed host as it resolves, any other through the guard. */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    if (this.allowed.has(hostname.toLowerCase())) return dns.lookup(hostname, options, callback);
    return this.guarded(hostname, options, callback);
  };

  /** POST /push/subscriptions' body, checked whole: any fault is one 400 `invalid_subscription`. */
  async check(body: { endpoint?: unknown; keys?: unknown }): Promise<CheckedSubscription> {
    if (typeof body.endpoint !== 'string') throw invalidSubscription('The endpoint is missing');
    const url = this.parse(body.endpoint);
    if (!url) throw invalidSubscription('The endpoint must be an https URL');
    const keys = (body.keys ?? {}) as { p256dh?: unknown; auth?: unknown };
    if (typeof keys !== 'object' || typeof keys.p256dh !== 'string' || typeof keys.auth !== 'string') {
      throw invalidSubscription('The keys p256dh and auth are both needed');
    }
    if (!isP256Point(keys.p256dh)) throw invalidSubscription('p256dh is not a P-256 public key');
    if (!BASE64URL.test(keys.auth) || Buffer.from(keys.auth, 'base64url').length !== 16) {
      throw invalidSubscription('auth is not a 16-byte secret');
    }
    if (!(await this.resolvesPublic(url))) {
      throw invalidSubscription('The endpoint does not resolve to a public address');
    }
    return { endpoint: url.href, p256dh: keys.p256dh, auth: keys.auth };
  }
}

/** An uncompressed point on P-256 (65 bytes, 0x04 first), as RFC 8291 needs it. */
function isP256Point(value: string): boolean {
  if (!BASE64URL.test(value)) return false;
  const point = Buffer.from(value, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return false;
  try {
    // Refuses a point that is not on the curve.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(point);
    return true;
  } catch {
    return false;
  }
}
