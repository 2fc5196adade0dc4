import { describe, expect, it } from 'vitest';
import { networkOf } from '../../src/server/clientNetwork.ts';

describe('networkOf: what per-address limits count', () => {
  it.each([
    ['an IPv6 address: its /64', '2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['another address of the same /64', '2001:db8:1:2:ffff::9', '2001:db8:1:2::/64'],
    ['the next /64', '2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['IPv6 written in full, in capitals', '2001:0DB8:0001:0002:0000:0000:0000:0001', '2001:db8:1:2::/64'],
    ['loopback', '::1', '::/64'],
    ['an IPv4 address: itself', '192.0.2.7', '192.0.2.7'],
    ['an IPv4 address written as IPv6', '::ffff:192.0.2.7', '192.0.2.7'],
    ['what is no address: itself', 'unknown', 'unknown'],
    ['a link-local address with its zone: its /64', 'fe80::1%eth0', 'fe80::/64'],
  ])('%s: %s -> %s', (_what, address, network) => {
    expect(networkOf(address)).toBe(network);
  });
});
