import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

// What a log line and a header can carry safely; anything else is replaced rather than cleaned.
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The client's `X-Request-Id` when it is sane, else a new UUID. It is written back into the request's
 * headers, so every request the gateway sends on for this one (subgraphs, `/pl:` proxy, websocket
 * upgrades to plugins) carries the same id without being told.
 */
export function assignRequestId(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  const id = typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
  req.headers[REQUEST_ID_HEADER] = id;
  return id;
}

/** The id assignRequestId gave this request. */
export function requestIdOf(req: IncomingMessage): string {
  const id = req.headers[REQUEST_ID_HEADER];
  return typeof id === 'string' ? id : '';
}

/** `listener` with a request id on every request and in every response's headers. */
export function withRequestId(listener: RequestListener): RequestListener {
  return (req, res) => {
    res.setHeader(REQUEST_ID_HEADER, assignRequestId(req));
    listener(req, res);
  };
}
