import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import type { Replica } from '../subgraphs/replica.js';
import { tracedCall } from '../subgraphs/traced-call.js';
import { NoAnswerError } from '../subgraphs/transport-failure.js';
import { headersForClient, type HeaderRecord } from './forwarded-headers.js';

export interface PluginRequest {
  method: Dispatcher.HttpMethod;
  /** Path and query on the host, without the replica's base path. */
  path: string;
  headers: HeaderRecord;
  body: Buffer | Readable | null;
  /** A `/graphql` call: bounded by the replica's graphqlTimeoutMs. */
  graphql?: boolean;
}

function startResponse({ statusCode, headers, opaque }: Dispatcher.StreamFactoryData<ServerResponse>): ServerResponse {
  opaque.writeHead(statusCode, headersForClient(headers));
  return opaque;
}

/**
 * Sends a request to a plugin replica over its keep-alive pool and streams the answer (status, headers,
 * body) into `res`. Throws NoAnswerError when the host failed before answering and nothing was written,
 * so the caller can still try another replica or choose the response.
 */
export async function forwardToPlugin(replica: Replica, request: PluginRequest, res: ServerResponse): Promise<void> {
  let answered = false;
  try {
    await tracedCall(replica, request.path, request.headers, (headers) => replica.pool.stream(
      {
        method: request.method,
        path: `${replica.basePath}${request.path}`,
        headers,
        body: request.body,
        opaque: res,
        ...(request.graphql ? replica.graphqlTimeouts : {}),
      },
      (data) => {
        answered = true;
        return startResponse(data);
      },
    ));
  } catch (error) {
    if (!answered) throw new NoAnswerError(error);
    res.destroy(error instanceof Error ? error : undefined);
  }
}
