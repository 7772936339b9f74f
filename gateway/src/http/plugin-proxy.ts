import type { IncomingMessage, ServerResponse } from 'node:http';
import { Transform, type Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { pluginUnavailableMessage } from '../graphql/gateway-errors.js';
import type { SubgraphRegistry } from '../subgraphs/subgraph-registry.js';
import { headersForPlugin } from './forwarded-headers.js';
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

/** `/pl:<name>/<rest>` → `<plugin url>/<rest>`: method, headers and body streamed both ways. */
export async function proxyPluginRequest(
  registry: SubgraphRegistry,
  name: string,
  rest: string,
  req: IncomingMessage,
  res: ServerResponse,
  bodyLimit: number,
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
  const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
  const headers = headersForPlugin(req);
  // Lets the plugin build links that go back through the gateway.
  headers['x-forwarded-prefix'] = publicPrefix;
  const contentLength = req.headers['content-length'];
  if (contentLength !== undefined) headers['content-length'] = contentLength;
  const path = rest === '' || rest.startsWith('?') ? `/${rest}` : rest;
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
