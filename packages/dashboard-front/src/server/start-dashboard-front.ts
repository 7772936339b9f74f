import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { capConnectionsPerAddress, limitedServerOptions } from '@lattice/contracts';
import { createServer } from 'node:http';
import { observeRequests } from '@lattice/contracts/http-observability';

/** The browser app's build (`npm run build` writes it). */
export const dashboardFrontDir = fileURLToPath(new URL('../../dist/public', import.meta.url));

export interface StartDashboardFrontOptions {
  /** 4200 in production; 0 picks a free port. */
  port: number;
  host?: string;
  /** The dashboard API, proxied at /api/ for a browser that opens this port directly (nginx routes /dashboard/api/ itself). */
  apiUrl: string;
  dir?: string;
}

/**
 * The dashboard front-end (issue 31; SPEC.md's `/dashboard/front`, port 4200): the built app, which finds the API
 * at `../api/v1` from its own address, so `/dashboard/front/` → `/dashboard/api/v1` behind nginx, `/` → `/api/v1` here.
 */
export async function startDashboardFront(options: StartDashboardFrontOptions): Promise<{ url: string; port: number; stop(): Promise<void> }> {
  const dir = options.dir ?? dashboardFrontDir;
  if (!existsSync(`${dir}/index.html`)) throw new Error(`the dashboard front-end is not built (${dir}/index.html is missing): run \`npm run build\``);
  const app = express();
  app.disable('x-powered-by');
  app.use((_request, response, next) => {
    response.setHeader('Content-Security-Policy', "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; object-src 'none'; base-uri 'self'; frame-ancestors 'self'");
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('X-Frame-Options', 'SAMEORIGIN');
    response.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    next();
  });
  app.get(['/health/live', '/health/ready', '/health'], (_request, response) => {
    response.json({ status: 'ok', service: 'dashboard-front' });
  });
  // Its own `/metrics` is answered before express; the dashboard API's is never handed out through `/api`.
  app.use((request, response, next) => (/\/metrics\/?$/i.test(request.path) ? response.status(404).type('text').send('Not found') : next()));
  app.use('/api', createProxyMiddleware({ target: options.apiUrl, changeOrigin: false, xfwd: true }));
  app.use(express.static(dir, { index: 'index.html', setHeaders: (response, path) => response.setHeader('Cache-Control', path.endsWith('.html') ? 'no-cache' : 'public, max-age=31536000, immutable') }));
  const host = options.host ?? '127.0.0.1';
  const server = createServer(limitedServerOptions(), observeRequests(app, { role: 'dashboard-front' })).listen(options.port, host);
  capConnectionsPerAddress(server);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`the dashboard front-end cannot listen on ${host}:${options.port}: another program uses that port`) : error),
    );
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
