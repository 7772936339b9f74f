import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { SUBGRAPH_SIGNATURE_HEADER } from '@lattice/contracts';

// Hop-by-hop headers (RFC 9110 §7.6.1) belong to one connection and must not be forwarded; `host` and
// `content-length` are set again by the client for the new request.
const NOT_FORWARDED = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'expect',
  'http2-settings',
  // Only the gateway signs: a client's own signature header never reaches a plugin.
  SUBGRAPH_SIGNATURE_HEADER,
]);

export type HeaderRecord = Record<string, string | string[]>;

/**
 * The request's own headers (cookie, authorization, content-type, …) for a plugin host, plus the
 * `x-forwarded-*` trio so the host sees the original client and address.
 */
export function headersForPlugin(req: IncomingMessage): HeaderRecord {
  const headers: HeaderRecord = {};
  const incoming = req.headers;
  for (const name in incoming) {
    const value = incoming[name];
    if (value === undefined || NOT_FORWARDED.has(name)) continue;
    headers[name] = value;
  }
  return Object.assign(headers, forwardedHeaders(req));
}

/** The `x-forwarded-*` trio: who the client was, the host it asked for, and whether it came over TLS. */
export function forwardedHeaders(req: IncomingMessage): HeaderRecord {
  const headers: HeaderRecord = {};
  const incoming = req.headers;
  const remote = req.socket.remoteAddress;
  if (remote) {
    const previous = incoming['x-forwarded-for'];
    headers['x-forwarded-for'] = previous ? `${String(previous)}, ${remote}` : remote;
  }
  if (!incoming['x-forwarded-host'] && incoming.host) headers['x-forwarded-host'] = incoming.host;
  if (!incoming['x-forwarded-proto']) {
    headers['x-forwarded-proto'] = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
  }
  return headers;
}

/**
 * A websocket upgrade request's headers for the gateway's own handshake with the plugin host: as
 * `headersForPlugin`, without the client's `sec-websocket-*` handshake headers.
 */
export function headersForPluginUpgrade(req: IncomingMessage): HeaderRecord {
  const headers = headersForPlugin(req);
  for (const name of Object.keys(headers)) {
    if (name.startsWith('sec-websocket-')) delete headers[name];
  }
  return headers;
}

/** A plugin host's response headers for the client, without the hop-by-hop ones. */
export function headersForClient(incoming: IncomingHttpHeaders): HeaderRecord {
  const headers: HeaderRecord = {};
  for (const name in incoming) {
    const value = incoming[name];
    if (value === undefined || (NOT_FORWARDED.has(name) && name !== 'content-length')) continue;
    headers[name] = value;
  }
  return headers;
}
