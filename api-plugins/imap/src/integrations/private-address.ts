import { BlockList, isIP } from 'node:net';

/**
 * Addresses a mail host must not resolve to unless configs.json allows it: an integration's host would
 * otherwise let an admin reach (and scan) the machine's own services and the private network behind it.
 */
const privateRanges: ReadonlyArray<readonly [string, number, 'ipv4' | 'ipv6']> = [
  ['0.0.0.0', 8, 'ipv4'], // "this network": 0.0.0.0 reaches the local machine
  ['127.0.0.0', 8, 'ipv4'], // loopback
  ['10.0.0.0', 8, 'ipv4'], // RFC 1918
  ['172.16.0.0', 12, 'ipv4'], // RFC 1918
  ['192.168.0.0', 16, 'ipv4'], // RFC 1918
  ['169.254.0.0', 16, 'ipv4'], // link-local (cloud metadata services live here)
  ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT, private to the provider's network
  ['::', 128, 'ipv6'], // unspecified
  ['::1', 128, 'ipv6'], // loopback
  ['fc00::', 7, 'ipv6'], // unique local
  ['fe80::', 10, 'ipv6'], // link-local
];

const privateAddresses = new BlockList();
for (const [network, prefix, family] of privateRanges) privateAddresses.addSubnet(network, prefix, family);

/** Whether an IP address is loopback, private or link-local (IPv4-mapped IPv6 addresses count as their IPv4 one). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) throw new TypeError(`${address} is not an IP address`);
  return privateAddresses.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
