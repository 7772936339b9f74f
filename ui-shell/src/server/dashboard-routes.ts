import { existsSync } from 'node:fs';
import express, { type Express } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';

export interface DashboardRoutes {
  /** The dashboard API's URL. */
  apiUrl: string;
  /** The dashboard front-end's build (`@lattice/dashboard-front`'s dist/public). */
  frontDir: string;
}

/**
 * The dashboard in one process (`npm start`, issue 31): `/dashboard/api/*` proxied to the dashboard API, and the
 * dashboard front-end's build at `/dashboard/front/`, as nginx routes them to 4300 and 4200 in services mode.
 * The front-end may be framed by this origin only (the shell's Dashboard page shows it).
 */
export function addDashboardRoutes(app: Express, { apiUrl, frontDir }: DashboardRoutes): void {
  app.use(
    '/dashboard/api',
    createProxyMiddleware({
      target: apiUrl,
      changeOrigin: false,
      xfwd: true,
      on: {
        proxyReq: (proxyRequest) => proxyRequest.setHeader('x-forwarded-prefix', '/dashboard/api'),
        error: (_error, _request, response) => {
          if ('writeHead' in response && !response.headersSent) {
            response.writeHead(502, { 'content-type': 'application/json' });
            response.end(JSON.stringify({ error: 'The dashboard API is not reachable', code: 'PLUGIN_UNAVAILABLE' }));
          }
        },
      },
    }),
  );
  // The app finds its API and assets relative to its own address, which must end in a slash.
  app.use((request, response, next) => (request.originalUrl.split('?')[0] === '/dashboard/front' ? response.redirect(301, '/dashboard/front/') : next()));
  app.use('/dashboard/front', (_request, response, next) => {
    response.setHeader('X-Frame-Options', 'SAMEORIGIN');
    response.setHeader('Content-Security-Policy', "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; object-src 'none'; base-uri 'self'; frame-ancestors 'self'");
    next();
  });
  if (existsSync(frontDir)) {
    app.use('/dashboard/front', express.static(frontDir, { index: 'index.html', setHeaders: (response, path) => response.setHeader('Cache-Control', path.endsWith('.html') ? 'no-cache' : 'public, max-age=31536000, immutable') }));
  } else {
    app.use('/dashboard/front', (_request, response) => {
      response.status(503).type('text').send('The dashboard front-end is not built: run `npm run build`');
    });
  }
}
