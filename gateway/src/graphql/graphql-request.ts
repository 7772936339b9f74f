import type { IncomingMessage } from 'node:http';
import { readBody } from '../http/read-body.js';

export interface GraphqlRequest {
  query: string;
  operationName: string | undefined;
  variables: Record<string, unknown> | undefined;
  /** The POST body exactly as received, for forwarding unchanged; undefined for GET. */
  rawBody: Buffer | undefined;
}

/** A client mistake in the HTTP envelope, answered with `status` and the message. */
export class RequestEnvelopeError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fromParams(query: unknown, operationName: unknown, variables: unknown, rawBody?: Buffer): GraphqlRequest {
  if (typeof query !== 'string' || query.length === 0) {
    throw new RequestEnvelopeError(400, 'The request must carry a GraphQL "query" string');
  }
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    throw new RequestEnvelopeError(400, '"operationName" must be a string');
  }
  if (variables !== undefined && variables !== null && !isRecord(variables)) {
    throw new RequestEnvelopeError(400, '"variables" must be an object');
  }
  return {
    query,
    operationName: operationName ?? undefined,
    variables: variables ?? undefined,
    rawBody,
  };
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new RequestEnvelopeError(400, `${what} is not valid JSON`);
  }
}

/**
 * Reads a GraphQL-over-HTTP request: POST with a JSON body, or GET with query parameters. GET must carry a
 * header a browser cannot send cross-site without a preflight (Apollo's CSRF rule), since cookies
 * authenticate it; POST is JSON only, which browsers also preflight.
 */
export async function readGraphqlRequest(req: IncomingMessage, search: string, maxBodyBytes: number): Promise<GraphqlRequest> {
  if (req.method === 'GET') {
    if (!req.headers['apollo-require-preflight'] && !req.headers['x-apollo-operation-name']) {
      throw new RequestEnvelopeError(
        400,
        'GET requests need an "apollo-require-preflight" or "x-apollo-operation-name" header (CSRF prevention)',
      );
    }
    const params = new URLSearchParams(search);
    const variables = params.get('variables');
    return fromParams(
      params.get('query'),
      params.get('operationName') ?? undefined,
      variables ? parseJson(variables, '"variables"') : undefined,
    );
  }
  if (req.method !== 'POST') throw new RequestEnvelopeError(405, 'Use GET or POST for GraphQL requests');
  const contentType = req.headers['content-type'] ?? '';
  if (!contentType.startsWith('application/json')) {
    throw new RequestEnvelopeError(415, 'POST requests must have content-type application/json');
  }
  const rawBody = await readBody(req, maxBodyBytes);
  const body = parseJson(rawBody.toString('utf8'), 'The request body');
  if (!isRecord(body)) throw new RequestEnvelopeError(400, 'The request body must be one JSON object (batches are not supported)');
  return fromParams(body['query'], body['operationName'], body['variables'], rawBody);
}
