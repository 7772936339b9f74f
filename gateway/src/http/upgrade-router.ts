import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import type { SubscriptionServer } from '../subscriptions/subscription-server.js';
import { assignRequestId } from './request-id.js';
import { isSameOriginUpgrade } from './upgrade-origin.js';

function refuse(socket: Duplex, status: '403 Forbidden' | '404 Not Found', reqId: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nX-Request-Id: ${reqId}\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * Websocket upgrades: GraphQL subscriptions on `/graphql` (the HTTP path), from the gateway's own origin or
 * one of `corsOrigins` (client_portal_domains), which may call it over HTTP too.
 */
export function createUpgradeListener(subscriptions: SubscriptionServer, logger: Logger, corsOrigins: readonly string[] = []) {
  const listedOrigins = new Set(corsOrigins);
  return (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const reqId = assignRequestId(req);
    const rawUrl = req.url ?? '/';
    const pathEnd = rawUrl.indexOf('?');
    const path = pathEnd === -1 ? rawUrl : rawUrl.slice(0, pathEnd);
    if (path !== '/graphql' && path !== '/graphql/') return refuse(socket, '404 Not Found', reqId);
    const origin = req.headers.origin;
    if (!isSameOriginUpgrade(req) && !(origin !== undefined && listedOrigins.has(origin))) {
      logger.warn({ reqId, origin, host: req.headers.host }, 'websocket upgrade from another origin refused');
      return refuse(socket, '403 Forbidden', reqId);
    }
    subscriptions.handleUpgrade(req, socket, head);
  };
}
