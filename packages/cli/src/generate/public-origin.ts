import { ConfigError } from '../config/config-error.js';

export interface PublicOrigin {
  /** `https://example.com`, without a trailing slash. */
  origin: string;
  hostname: string;
}

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
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username) {
    throw new ConfigError(file, key, `must be a scheme and a host only (the proxy serves the whole origin), got "${value}"`);
  }
  return { origin: url.origin, hostname: url.hostname };
}
