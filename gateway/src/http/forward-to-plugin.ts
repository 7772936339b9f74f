import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import type { SubgraphState } from '../subgraphs/subgraph-registry.js';
import { headersForClient, type HeaderRecord } from './forwarded-headers.js';

export interface PluginRequest {
  method: Dispatcher.HttpMethod;
  /** Path and query on the host, already including the host's base path. */
  path: string;
  headers: HeaderRecord;
  body: Buffer | Readable | null;
}

function startResponse({ statusCode, headers, opaque }: Dispatcher.StreamFactoryData<ServerResponse>): ServerResponse {
  opaque.writeHead(statusCode, headersForClient(headers));
  return opaque;
}

/**
 * Sends a request to a plugin host over its keep-alive pool and streams the answer (status, headers,
 * body) into `res`. 'unreachable' means the host failed before answering and nothing was written, so the
 * caller can still choose the response.
 */
export async function forwardToPlugin(
  subgraph: SubgraphState,
  request: PluginRequest,
  res: ServerResponse,
): Promise<'sent' | 'unreachable'> {
  let answered = false;
  try {
    await subgraph.pool.stream(
      { method: request.method, path: request.path, headers: request.headers, body: request.body, opaque: res },
      (data) => {
        answered = true;
        return startResponse(data);
      },
    );
    return 'sent';
  } catch (error) {
    if (!answered) return 'unreachable';
    res.destroy(error instanceof Error ? error : undefined);
    return 'sent';
  }
}
