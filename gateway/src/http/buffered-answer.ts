import type { ServerResponse } from 'node:http';
import type { Replica } from '../subgraphs/replica.js';
import { NoAnswerError } from '../subgraphs/transport-failure.js';
import { headersForClient, type HeaderRecord } from './forwarded-headers.js';
import type { PluginRequest } from './forward-to-plugin.js';
import { REQUEST_ID_HEADER } from './request-id.js';
import { tracedCall } from '../subgraphs/traced-call.js';

/** A plugin's whole answer, kept in memory so several clients can be sent the same one. */
export interface BufferedAnswer {
  status: number;
  /** For the client: without hop-by-hop headers, the length, or the request id (each client keeps its own). */
  headers: HeaderRecord;
  /** The body as it arrived, chunk by chunk (joined only if another client needs it). */
  chunks: Buffer[];
  length: number;
}

/**
 * Sends a request to a plugin replica and streams the answer into `first` (the client whose request made
 * the call) as it arrives, keeping a copy for the identical requests that join while it runs; resolves with
 * that copy once the whole answer is in. So the first client waits no longer than without sharing.
 *
 * The answer is read whole even when `first`'s client has gone away, since others may be waiting for it;
 * for the same reason it is not slowed to `first`'s pace (what is written ahead of a slow client is the
 * copy kept anyway). Throws NoAnswerError when the host failed before answering (nothing was written, so
 * the caller can try another replica); an answer that breaks off drops `first`'s connection and rejects.
 */
export async function fetchStreamedAnswer(replica: Replica, request: PluginRequest, first: ServerResponse): Promise<BufferedAnswer> {
  const response = await tracedCall(replica, request.path, request.headers, (headers) =>
    replica.pool.request({
      method: request.method,
      path: `${replica.basePath}${request.path}`,
      headers,
      body: request.body,
      ...(request.graphql ? replica.graphqlTimeouts : {}),
    }),
  ).catch((error: unknown) => {
    throw new NoAnswerError(error);
  });
  const headers = headersForClient(response.headers);
  delete headers[REQUEST_ID_HEADER];
  if (!first.destroyed) first.writeHead(response.statusCode, headers);
  delete headers['content-length'];
  const answer: BufferedAnswer = { status: response.statusCode, headers, chunks: [], length: 0 };
  const body = response.body;
  await new Promise<void>((resolve, reject) => {
    body.on('data', (chunk: Buffer) => {
      answer.chunks.push(chunk);
      answer.length += chunk.length;
      if (!first.destroyed) first.write(chunk);
    });
    body.once('end', resolve);
    body.once('error', reject);
  }).catch((error: unknown) => {
    first.destroy(error instanceof Error ? error : undefined);
    throw error;
  });
  first.end();
  return answer;
}

/** Writes `answer` to a client that is still there. */
export function sendBufferedAnswer(res: ServerResponse, answer: BufferedAnswer): void {
  if (res.destroyed) return;
  res.writeHead(answer.status, { ...answer.headers, 'content-length': answer.length });
  for (const chunk of answer.chunks) res.write(chunk);
  res.end();
}
