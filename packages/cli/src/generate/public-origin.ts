import { ConfigError } from '../config/config-error.js';

export interface PublicOrigin {
  /** `https://example.com`, without a trailing slash. */
  origin: string;
  hostname: string;
}

const dnsName = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
const ipv4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** configs.json's `domain` (or `widgets.domain`) as the origin the proxy serves: a scheme and a host, no path. */
export function publicOrigin(file: string, key: string, value: string | undefined): PublicOrigin {
  if (!value) throw new ConfigError(file, key, 'is required: the public URL with its scheme, e.g. https://example.com');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(file, key, `must be a URL with a scheme, e.g. https://example.com, got "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(file, key, `must be an http(s) URL, e.g. https://example.com, got "${value}"`);
  }
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username || url.password) {
    throw new ConfigError(file, key, `must be a scheme and a host only (the proxy serves the whole origin), got "${value}"`);
  }
  // The URL parser keeps characters such as } $ ; ' " in a host name; written into nginx or YAML they would end a
  // block or start a variable. A host is a DNS name (international ones in their xn-- form) or an IP address.
  if (!dnsName.test(url.hostname) && !ipv4.test(url.hostname) && !/^\[[0-9a-f:.]+\]$/.test(url.hostname)) {
    throw new ConfigError(file, key, `must be a scheme and a host only, the host a DNS name or an IP address, got "${value}"`);
  }
  return { origin: url.origin, hostname: url.hostname };
}
