import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { Transform, type Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { pluginUnavailableMessage } from '../graphql/gateway-errors.js';
import type { SubgraphRegistry } from '../subgraphs/subgraph-registry.js';
import { forwardedHeaders, headersForPlugin } from './forwarded-headers.js';
import { forwardToPlugin } from './forward-to-plugin.js';
import { PayloadTooLargeError } from './read-body.js';
import { sendJson } from './send-json.js';

export const PLUGIN_PATH = /^\/pl:([^/?#]+)(.*)$/;

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
  bodyLimit: number;
  /** The request listener of a plugin host that runs in this process, if it does (GatewayOptions.inProcessHttp). */
  inProcess?: (name: string) => RequestListener | undefined;
}

/**
 * `/pl:<name>/<rest>` → `<plugin url>/<rest>`: method, headers and body streamed both ways. A host in this
 * process gets the request itself instead, with the same path and `x-forwarded-*` headers.
 */
export async function proxyPluginRequest(
  { registry, bodyLimit, inProcess }: PluginHttpTargets,
  name: string,
  rest: string,
  req: IncomingMessage,
  res: ServerResponse,
  publicPrefix = `/pl:${name}`,
): Promise<void> {
  const subgraph = registry.get(name);
  if (!subgraph) {
    sendJson(res, 404, { error: `Unknown plugin "${name}"`, code: 'NOT_FOUND' });
    return;
  }
  const unavailable = { error: pluginUnavailableMessage(subgraph.name), code: 'PLUGIN_UNAVAILABLE' };
  if (subgraph.status !== 'up') {
    sendJson(res, 503, unavailable);
    return;
  }
  if (Number(req.headers['content-length']) > bodyLimit) {
    sendJson(res, 413, { error: `Request body is larger than ${bodyLimit} bytes`, code: 'BAD_USER_INPUT' });
    return;
  }
  const path = rest === '' || rest.startsWith('?') ? `/${rest}` : rest;
  // A body without a length (chunked) goes over HTTP, where the gateway counts it against the limit as it streams.
  const local = req.headers['transfer-encoding'] === undefined ? inProcess?.(name) : undefined;
  if (local) {
    // Lets the plugin build links that go back through the gateway.
    Object.assign(req.headers, forwardedHeaders(req), { 'x-forwarded-prefix': publicPrefix });
    req.url = `${subgraph.basePath}${path}`;
    local(req, res);
    return;
  }
  const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
  const headers = headersForPlugin(req);
  headers['x-forwarded-prefix'] = publicPrefix;
  const contentLength = req.headers['content-length'];
  if (contentLength !== undefined) headers['content-length'] = contentLength;
  const body = hasBody ? limitedBody(req, bodyLimit) : undefined;
  const result = await forwardToPlugin(
    subgraph,
    {
      method: (req.method ?? 'GET') as Dispatcher.HttpMethod,
      path: `${subgraph.basePath}${path}`,
      headers,
      body: body ? body.stream : null,
    },
    res,
  );
  if (result !== 'unreachable') return;
  if (body?.exceeded()) {
    sendJson(res, 413, { error: `Request body is larger than ${bodyLimit} bytes`, code: 'BAD_USER_INPUT' });
  } else {
    sendJson(res, 503, unavailable);
  }
}
