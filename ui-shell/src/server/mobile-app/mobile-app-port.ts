import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Express } from 'express';
import { mobileAppBase } from './web-app-manifest.js';
import { capConnectionsPerAddress, limitedServerOptions } from '@lattice/contracts';

/**
 * The reverse proxy sends `/mobile-app/x` to port 4100 as `/x` with `X-Forwarded-Prefix: /mobile-app`
 * (every prefix but `/` is stripped). The app's pages, scripts and websocket live under `/mobile-app/` on
 * the front-end, so the prefix is put back; a request without it that is not already under the base
 * (someone opening port 4100 directly) is answered as the front-end answers it, and `/` goes to the app.
 */
export function restoreMobilePrefix(request: IncomingMessage): void {
  const url = request.url ?? '/';
  if (request.headers['x-forwarded-prefix'] === mobileAppBase && !url.startsWith(`${mobileAppBase}/`)) request.url = `${mobileAppBase}${url}`;
}

/** Port 4100: the front-end's own app and upgrades, with the phone app's prefix restored. */
export function mobileAppServer(app: Express, onUpgrade: (request: IncomingMessage, socket: Duplex, head: Buffer) => void): Server {
  const server = createServer(limitedServerOptions(), (request, response) => {
    restoreMobilePrefix(request);
    if (request.url === '/' || request.url === mobileAppBase) {
      response.writeHead(302, { location: `${mobileAppBase}/` }).end();
      return;
    }
    app(request, response);
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    restoreMobilePrefix(request);
    onUpgrade(request, socket, head);
  });
  capConnectionsPerAddress(server);
  return server;
}
