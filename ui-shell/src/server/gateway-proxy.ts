import type { IncomingMessage, ServerResponse } from 'node:http';
import { createProxyMiddleware, type RequestHandler } from 'http-proxy-middleware';

/**
 * `/gateway/*` → `${gatewayUrl}/*`, so the UI talks to the API on its own origin (cookies, no CORS).
 * Mounted at `/gateway`, so express has already stripped the prefix from the path.
 */
export function createGatewayProxy(gatewayUrl: string): RequestHandler<IncomingMessage, ServerResponse> {
  return createProxyMiddleware<IncomingMessage, ServerResponse>({
    target: gatewayUrl,
    changeOrigin: false,
    xfwd: true,
    // Upgrades come through start-frontend-server's own 'upgrade' handler, which strips /gateway. With
    // `ws: true` the middleware would also take every upgrade on the server once one request passed.
    ws: false,
    on: {
      proxyReq: (proxyRequest) => proxyRequest.setHeader('x-forwarded-prefix', '/gateway'),
      error: (_error, _request, response) => {
        if ('writeHead' in response && !response.headersSent) {
          response.writeHead(502, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ errors: [{ message: 'The gateway is not reachable', extensions: { code: 'PLUGIN_UNAVAILABLE' } }] }));
        }
      },
    },
  });
}
