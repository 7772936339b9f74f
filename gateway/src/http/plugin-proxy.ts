import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { Transform, type Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { pluginUnavailableMessage } from '../graphql/gateway-errors.js';
import type { Logger } from 'pino';
import { callReplica, type RetryPolicy } from '../subgraphs/call-replica.js';
import type { SubgraphRegistry } from '../subgraphs/subgraph-registry.js';
import { forwardedHeaders, headersForPlugin } from './forwarded-headers.js';
import { forwardToPlugin } from './forward-to-plugin.js';
import { PayloadTooLargeError } from './read-body.js';
import { requestIdOf } from './request-id.js';
import { sendJson } from './send-json.js';

export const PLUGIN_PATH = /^\/pl:([^/?#]+)(.*)$/;

/**
 * The path part of `rest` as a host's router could take it: percent-decoded, dot segments resolved, slashes
 * collapsed, lower case, without a trailing slash. Undefined when it cannot be decoded (refused).
 */
export function routedPath(rest: string): string | undefined {
  const end = rest.search(/[?#]/);
  const raw = end === -1 ? rest : rest.slice(0, end);
  try {
    const decoded = decodeURIComponent(new URL(`/${raw}`.replace(/[\\/]+/g, '/'), 'http://plugin').pathname);
    // Decoding may reveal dot segments and slashes of its own: resolve once more.
    const resolved = new URL(decoded.replace(/[\\/]+/g, '/').replace(/[?#]/g, '_'), 'http://plugin').pathname;
    return resolved.replace(/\/+/g, '/').replace(/(.)\/$/, '$1').toLowerCase();
  } catch {
    return undefined;
  }
}

/** A host's own routes, which only the gateway's GraphQL door, probes and scrapers reach: never through `/pl:` or the integrations port. */
export function isHostInternalPath(path: string): boolean {
  return ['/graphql', '/health', '/metrics'].some((internal) => path === internal || path.startsWith(`${internal}/`));
}

function notHere(res: ServerResponse, name: string, rest: string): void {
  // A body sent with it is never read: the connection closes after the answer.
  sendJson(res, 404, { error: `Nothing at ${rest || '/'} of plugin "${name}" here`, code: 'NOT_FOUND' }, { connection: 'close' });
}

interface LimitedBody {
  stream: Readable;
  exceeded: () => boolean;
}

function limitedBody(req: IncomingMessage, limit: number): LimitedBody {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      callback(size > limit ? new PayloadTooLargeError(limit) : null, chunk);
    },
  });
  req.on('error', (error) => counter.destroy(error));
  return { stream: req.pipe(counter), exceeded: () => size > limit };
}

export interface PluginHttpTargets {
  registry: SubgraphRegistry;
  logger: Logger;
  bodyLimit: number;
  /** The request listener of a plugin host that runs in this process, if it does (GatewayOptions.inProcessHttp). */
  inProcess?: (name: string) => RequestListener | undefined;
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A streamed body cannot be sent twice; without one, a refused connection never reached the host. */
function retryPolicy(method: string, hasBody: boolean): RetryPolicy {
  if (hasBody) return 'never';
  return IDEMPOTENT.has(method) ? 'refused-or-reset' : 'refused';
}

/**
 * `/pl:<name>/<rest>` → `<replica url>/<rest>`: method, headers and body streamed both ways. A host in this
 * process gets the request itself instead, with the same path and `x-forwarded-*` headers.
 */
export async function proxyPluginRequest(
  { registry, logger, bodyLimit, inProcess }: PluginHttpTargets,
  name: string,
  rest: string,
  req: IncomingMessage,
  res: ServerResponse,
  publicPrefix = `/pl:${name}`,
  /** The only paths served (the integrations port: those the integration declares public); any path when undefined. */
  allowedPaths?: readonly string[],
): Promise<void> {
  const routed = routedPath(rest);
  if (routed === undefined || isHostInternalPath(routed)) return notHere(res, name, rest);
  if (allowedPaths && !allowedPaths.some((allowed) => routed === allowed || routed.startsWith(`${allowed}/`))) return notHere(res, name, rest);
  const subgraph = registry.get(name);
  if (!subgraph) {
    sendJson(res, 404, { error: `Unknown plugin "${name}"`, code: 'NOT_FOUND' });
    return;
  }
  const unavailable = { error: pluginUnavailableMessage(subgraph.name), code: 'PLUGIN_UNAVAILABLE' };
  if (!(await subgraph.waitForReplica())) {
    sendJson(res, 503, unavailable);
    return;
  }
  if (Number(req.headers['content-length']) > bodyLimit) {
    sendJson(res, 413, { error: `Request body is larger than ${bodyLimit} bytes`, code: 'PAYLOAD_TOO_LARGE' }, { connection: 'close' });
    return;
  }
  const path = rest === '' || rest.startsWith('?') ? `/${rest}` : rest;
  // A body without a length (chunked) goes over HTTP, where the gateway counts it against the limit as it streams.
  const local = req.headers['transfer-encoding'] === undefined ? inProcess?.(name) : undefined;
  if (local) {
    // Lets the plugin build links that go back through the gateway.
    Object.assign(req.headers, forwardedHeaders(req), { 'x-forwarded-prefix': publicPrefix });
    req.url = `${subgraph.replicas[0]?.basePath ?? ''}${path}`;
    local(req, res);
    return;
  }
  const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
  const headers = headersForPlugin(req);
  headers['x-forwarded-prefix'] = publicPrefix;
  const contentLength = req.headers['content-length'];
  if (contentLength !== undefined) headers['content-length'] = contentLength;
  const body = hasBody ? limitedBody(req, bodyLimit) : undefined;
  const method = (req.method ?? 'GET') as Dispatcher.HttpMethod;
  const forward = { method, path, headers, body: body ? body.stream : null };
  const call = { plugin: subgraph, retry: retryPolicy(method, hasBody), logger, reqId: requestIdOf(req) };
  const sent = await callReplica(call, (replica) => forwardToPlugin(replica, forward, res).then(() => true));
  if (sent) return;
  if (body?.exceeded()) {
    sendJson(res, 413, { error: `Request body is larger than ${bodyLimit} bytes`, code: 'PAYLOAD_TOO_LARGE' });
  } else {
    sendJson(res, 503, unavailable);
  }
}
