import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  bodyHash,
  checkQueryText,
  GRAPHQL_LIMITS,
  type GraphqlLimits,
  NO_BODY,
  NonceStore,
  SUBGRAPH_SIGNATURE_HEADER,
  verifySubgraphSignature,
  WEBSOCKET_UPGRADE,
} from '@lattice/contracts';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';

/**
 * A plugin host's `/graphql` door: only the gateway may come in (its signature, checked before the body is
 * read), with the same limits the gateway applies (body size, nesting and tokens here; depth, aliases, fields
 * and list cost in the validation rules; the execution deadline and the response ceiling around execution).
 */

type ErrorCode = 'FORBIDDEN' | 'PAYLOAD_TOO_LARGE' | 'QUERY_TOO_COMPLEX' | 'RESPONSE_TOO_LARGE';

/** Answers one GraphQL error and, when the body was not read, closes the connection instead of reading it. */
function refuse(res: Response, status: number, message: string, code: ErrorCode, unreadBody = false): void {
  if (unreadBody) res.setHeader('connection', 'close');
  res.status(status).json({ errors: [{ message, extensions: { code } }] });
}

const signedBodies = new WeakMap<IncomingMessage, string>();
/** The nonces this process's hosts accepted: one store, so no host in it takes a signed request twice. */
const acceptedNonces = new NonceStore();
const verifiedBodies = new WeakSet<IncomingMessage>();

function gatewayOnlyMessage(problem: string): string {
  return `Only the Lattice gateway may call a plugin's /graphql: this request has ${problem.startsWith('no') ? '' : 'an '}${problem}`;
}

/**
 * The `/graphql` middlewares of plugin `audience`'s host, in order: signature (of the method, the path with its
 * query string and a nonce used once), body size, JSON body, body hash, query text.
 */
export function graphqlDoor(signingKey: Buffer, audience: string, logger: Logger, limits: Readonly<GraphqlLimits> = GRAPHQL_LIMITS): RequestHandler[] {
  const { maxBodyBytes } = limits;
  const signature: RequestHandler = (req, res, next) => {
    const signed = { audience, method: req.method, target: req.originalUrl };
    const check = verifySubgraphSignature(signingKey, req.headers[SUBGRAPH_SIGNATURE_HEADER], signed, acceptedNonces);
    if (!check.ok) {
      logger.warn({ problem: check.problem, ip: req.socket.remoteAddress }, 'GraphQL request refused: not from the gateway');
      return refuse(res, 403, gatewayOnlyMessage(check.problem), 'FORBIDDEN', true);
    }
    signedBodies.set(req, check.bodyHash);
    next();
  };
  const bodySize: RequestHandler = (req, res, next) => {
    if (Number(req.headers['content-length']) > maxBodyBytes) {
      return refuse(res, 413, `Request body is larger than ${maxBodyBytes} bytes`, 'PAYLOAD_TOO_LARGE', true);
    }
    next();
  };
  const json = express.json({
    limit: maxBodyBytes,
    verify: (req, _res, buffer) => {
      if (bodyHash(buffer) === signedBodies.get(req)) verifiedBodies.add(req);
    },
  });
  const signedBody: RequestHandler = (req, res, next) => {
    const signed = signedBodies.get(req);
    const bodyless = signed === NO_BODY && !verifiedBodies.has(req) && (req.method === 'GET' || Number(req.headers['content-length'] ?? 0) === 0);
    if (!bodyless && !verifiedBodies.has(req)) {
      return refuse(res, 403, gatewayOnlyMessage('gateway signature for another body'), 'FORBIDDEN');
    }
    next();
  };
  const queryText: RequestHandler = (req, res, next) => {
    const body: unknown = req.body;
    const query =
      typeof body === 'object' && body !== null && 'query' in body ? (body as { query: unknown }).query : (req.query as Record<string, unknown>)['query'];
    const refused = typeof query === 'string' ? checkQueryText(query, limits) : undefined;
    if (refused) return refuse(res, 400, refused.message, 'QUERY_TOO_COMPLEX');
    next();
  };
  const bodyTooLarge = (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if ((error as { type?: unknown }).type === 'entity.too.large') {
      return refuse(res, 413, `Request body is larger than ${maxBodyBytes} bytes`, 'PAYLOAD_TOO_LARGE');
    }
    next(error);
  };
  return [signature, bodySize, json, bodyTooLarge as unknown as RequestHandler, signedBody, queryText, responseCeiling(logger, limits.maxResponseBytes)];
}

/**
 * Replaces an answer past the response-size ceiling with one RESPONSE_TOO_LARGE error, so neither the gateway nor
 * the client is sent it. The list cost limit keeps such answers rare; this is the backstop.
 */
function responseCeiling(logger: Logger, max: number): RequestHandler {
  return (_req, res, next) => {
    const send = res.send.bind(res);
    res.send = (body?: unknown) => {
      if (typeof body === 'string' && body.length > max / 3 && Buffer.byteLength(body) > max) {
        logger.warn({ bytes: Buffer.byteLength(body) }, 'GraphQL answer refused: past the response-size ceiling');
        res.status(500);
        return send(
          JSON.stringify({
            errors: [{ message: `The answer is larger than ${max} bytes: page the lists, or ask for less`, extensions: { code: 'RESPONSE_TOO_LARGE' } }],
          }),
        );
      }
      return send(body);
    };
    next();
  };
}

/**
 * The websocket upgrades of subscriptions come through the same door: `accept` gets those the gateway signed as
 * upgrades (WEBSOCKET_UPGRADE, not GET) for this plugin, each once; everything else is answered 403 here.
 */
export function gatewayOnlyUpgrades(
  signingKey: Buffer,
  audience: string,
  logger: Logger,
  accept: (request: IncomingMessage, socket: Duplex, head: Buffer) => void,
) {
  return (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const signed = { audience, method: WEBSOCKET_UPGRADE, target: request.url ?? '' };
    const check = verifySubgraphSignature(signingKey, request.headers[SUBGRAPH_SIGNATURE_HEADER], signed, acceptedNonces);
    if (!check.ok || check.bodyHash !== NO_BODY) {
      logger.warn({ problem: check.ok ? 'a body hash' : check.problem }, 'websocket upgrade refused: not from the gateway');
      const body = JSON.stringify({ error: gatewayOnlyMessage(check.ok ? 'invalid gateway signature' : check.problem), code: 'FORBIDDEN' });
      socket.end(`HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
      return;
    }
    accept(request, socket, head);
  };
}
