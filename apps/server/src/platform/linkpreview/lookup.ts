import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { AddressPolicy } from './address';

/** Raised when a host resolves to an address the policy refuses (also for an IP literal). */
export class RefusedAddressError extends Error {
  // Named, so that a caller that only sees the error (the push worker drops, never retries, such a send) knows it.
  override readonly name = 'RefusedAddressError';

  constructor(readonly host: string) {
    super(`${host} resolves to an address that may not be fetched`);
  }
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * The socket's own DNS lookup: every address the host resolves to must pass the policy, and the socket
 * connects to one of exactly those, so a rebinding DNS answer cannot slip in between check and connect.
 */
export function guardedLookup(allow: AddressPolicy): LookupFunction {
  return (hostname, options, callback: LookupCallback) => {
    dns.lookup(hostname, { all: true, family: options.family, hints: options.hints }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      if (addresses.length === 0 || addresses.some((a) => !allow(a.address))) {
        return callback(new RefusedAddressError(hostname), '', 0);
      }
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
