import ipaddr from 'ipaddr.js';

/**
 * Whether an IP address is anything but a global unicast one: loopback, private, link-local, carrier-grade NAT,
 * and every other IANA special-purpose range ipaddr.js knows (documentation, benchmarking, multicast, reserved;
 * for IPv6 also NAT64 64:ff9b::/96 and /48, 6to4 2002::/16, Teredo 2001::/32, IPv4-translated, ORCHID…). An
 * IPv4-mapped IPv6 address (::ffff:a.b.c.d) counts as its IPv4 address. A mail host must not resolve to one
 * unless configs.json allows it: an integration's host would otherwise let an admin reach (and scan) the
 * machine's own services and the network behind it, or a gateway that translates to them.
 */
export function isPrivateAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) throw new TypeError(`${address} is not an IP address`);
  return ipaddr.process(address).range() !== 'unicast';
}
