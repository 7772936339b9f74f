import type { ServerResponse } from 'node:http';
import type { Replica } from '../subgraphs/replica.js';
import { NoAnswerError } from '../subgraphs/transport-failure.js';
import { headersForClient, type HeaderRecord } from './forwarded-headers.js';
import type { PluginRequest } from './forward-to-plugin.js';
import { REQUEST_ID_HEADER } from './request-id.js';

/** A plugin's whole answer, read into memory so several clients can be sent the same one. */
export interface BufferedAnswer {
  status: number;
  /** For the client: without hop-by-hop headers, the length, or the request id (each client keeps its own). */
  headers: HeaderRecord;
  body: Buffer;
}

/**
 * Sends a request to a plugin replica and reads its answer whole. Throws NoAnswerError when the host failed
 * before answering, so the caller can still try another replica.
 */
export async function fetchBufferedAnswer(replica: Replica, request: PluginRequest): Promise<BufferedAnswer> {
  const response = await replica.pool
    .request({ method: request.method, path: `${replica.basePath}${request.path}`, headers: request.headers, body: request.body })
    .catch((error: unknown) => {
      throw new NoAnswerError(error);
    });
  const body = Buffer.from(await response.body.arrayBuffer());
  const headers = headersForClient(response.headers);
  delete headers['content-length'];
  delete headers[REQUEST_ID_HEADER];
  return { status: response.statusCode, headers, body };
}

/** Writes `answer` to a client that is still there. */
export function sendBufferedAnswer(res: ServerResponse, answer: BufferedAnswer): void {
  if (res.destroyed) return;
  res.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.length });
  res.end(answer.body);
}
