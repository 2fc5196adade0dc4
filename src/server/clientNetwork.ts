/**
 * The network a client's address counts as in per-address limits (the sign-in lock, Forgot your
 * password): an IPv4 address is itself; an IPv6 address is its /64, the smallest block a provider
 * gives one household or office (RFC 6177), inside which its owner may pick any of 2^64 addresses
 * per request. An IPv4 address written as IPv6 (::ffff:192.0.2.1) is the IPv4 address. Parsed with
 * ipaddr.js (the parser proxy-addr and Fastify's trust rules use); anything it cannot read counts
 * as itself.
 */
import ipaddr from 'ipaddr.js';

const IPV6_PREFIX = 64;

export function networkOf(address: string): string {
  try {
    const parsed = ipaddr.process(address.trim());
    if (parsed.kind() === 'ipv4') return parsed.toString();
    return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/${IPV6_PREFIX}`).toString()}/${IPV6_PREFIX}`;
  } catch {
    return address;
  }
}
