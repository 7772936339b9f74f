import { ServerResponse, type IncomingMessage } from 'node:http';
import type { Express, Request, Response } from 'express';

/**
 * A websocket's upgrade request with the express API the app's HTTP requests have (`req.ip` behind the
 * gateway, `req.get`, …), done the way express does it for every request it handles. The response
 * belongs to no connection: resolvers get the same context shape over websocket as over HTTP, but a
 * header or cookie they set on it reaches no one.
 */
export function expressRequestAndResponse(app: Express, request: IncomingMessage): { req: Request; res: Response } {
  const req = Object.setPrototypeOf(request, app.request) as Request;
  const res = Object.setPrototypeOf(new ServerResponse(request), app.response) as Response;
  req.res = res;
  res.req = req;
  res.locals = Object.create(null) as Response['locals'];
  return { req, res };
}
