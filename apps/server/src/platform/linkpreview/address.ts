import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Decides whether the preview fetcher may connect to a resolved address. */
export type AddressPolicy = (address: string) => boolean;

/**
 * Only global unicast: every special range ipaddr.js knows is refused (loopback, private, link-local with the
 * metadata address 169.254.169.254, unique-local, CGNAT, multicast, unspecified, broadcast, reserved, NAT64,
 * 6to4, Teredo...). An IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
 */
export const isPublicAddress: AddressPolicy = (address) => {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!isIP(bare)) return false;
  return ipaddr.process(bare).range() === 'unicast';
};
