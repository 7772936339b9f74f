import { isIPv4, isIPv6 } from 'node:net';

/** Where one nginx server block listens: an address (none: every address) and a port. */
export interface NginxListen {
  /** An IPv4 address, an IPv6 address (without brackets), a host name, or undefined for every address. */
  address?: string;
  port: number;
}

const hostName = /^(?=.{1,253}$)[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?(?:\.[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?)*$/i;

/**
 * `--listen`'s value: `address:port`, `[ipv6]:port`, `*:port` or a port alone. Throws naming the option for
 * anything else, so nothing that could end an nginx directive reaches the file.
 */
export function parseNginxListen(option: string, value: string): NginxListen {
  const problem = () => new Error(`${option} must be address:port, [ipv6]:port, *:port or a port (1-65535), got "${value}"`);
  const match = /^(?:(\[[^\]]*\]|[^:[\]]*):)?(\d{1,5})$/.exec(value);
  if (!match) throw problem();
  const [, rawAddress, rawPort] = match;
  const port = Number(rawPort);
  if (port < 1 || port > 65_535) throw problem();
  if (rawAddress === undefined || rawAddress === '*') return { port };
  if (rawAddress.startsWith('[')) {
    const address = rawAddress.slice(1, -1);
    if (!isIPv6(address)) throw problem();
    return { address, port };
  }
  if (isIPv4(rawAddress)) return { address: rawAddress, port };
  // Looks like an IPv4 address but is not one (999.1.1.1): a typo, not a host name.
  if (/^[\d.]+$/.test(rawAddress) || !hostName.test(rawAddress)) throw problem();
  return { address: rawAddress, port };
}

/** The value of nginx's `listen` directive. */
export function nginxListenValue({ address, port }: NginxListen): string {
  if (address === undefined) return String(port);
  return isIPv6(address) ? `[${address}]:${port}` : `${address}:${port}`;
}
