import type { IncomingHttpHeaders } from 'node:http';
import type { HeaderRecord } from './forwarded-headers.js';

/**
 * Request headers that speak to caches (RFC 9111 §5.2.1, §5.4). The gateway is the one layer that could
 * answer a query with something read earlier (a call already in flight), so they are for the gateway and
 * never reach a plugin on `/graphql`: a plugin executes every query it receives. Keeping them from the plugin
 * also keeps them out of the in-flight key (every header the plugin receives), so a request that asked for a
 * fresh answer and one that did not still share a call made after both arrived.
 */
const CACHE_REQUEST_HEADERS = ['cache-control', 'pragma'] as const;

function directives(value: string | string[] | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return (Array.isArray(value) ? value.join(',') : value)
    .split(',')
    .map((directive) => directive.split('=')[0]!.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * Whether the client asked for an answer read after its request arrived: `Cache-Control: no-cache`
 * (RFC 9111 §5.2.1.4), or `Pragma: no-cache` when there is no Cache-Control (§5.4).
 */
export function asksForFreshAnswer(headers: IncomingHttpHeaders): boolean {
  const cacheControl = directives(headers['cache-control']);
  if (cacheControl) return cacheControl.includes('no-cache');
  return directives(headers['pragma'])?.includes('no-cache') ?? false;
}

/** `headers` without the cache directives, for a plugin. */
export function withoutCacheDirectives(headers: HeaderRecord): HeaderRecord {
  for (const name of CACHE_REQUEST_HEADERS) delete headers[name];
  return headers;
}
