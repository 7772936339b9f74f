import { tracingOn, withSpan } from '@lattice/contracts/tracing';
import type { HeaderRecord } from '../http/forwarded-headers.js';
import type { Replica } from './replica.js';

/**
 * One request to a plugin replica as a client span of the request being served, its `traceparent` in the
 * headers sent, so the host's span is this one's child. The header is outside the gateway's signature (which
 * covers the plugin, method, path, time, nonce and body), as the request id is. Without tracing: `send(headers)`.
 */
export function tracedCall<T>(replica: Replica, path: string, headers: HeaderRecord, send: (headers: HeaderRecord) => Promise<T>): Promise<T> {
  if (!tracingOn()) return send(headers);
  const attributes = { 'lattice.plugin': replica.plugin, 'server.address': replica.url, 'url.path': path };
  return withSpan(`${replica.plugin} ${path}`, 'client', attributes, (trace) => send({ ...headers, ...trace }));
}
