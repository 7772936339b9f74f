import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { observeRequests } from '@lattice/contracts/http-observability';
import { widgetsRouteOf } from './http/widgets-route-of.js';
import type { AddressInfo } from 'node:net';
import type { MessageBroker } from '@lattice/broker';
import type { PubSubEngine } from 'graphql-subscriptions';
import { pino, type Logger } from 'pino';
import { buildClientBundles, type StaticAsset } from './http/client-bundles.js';
import { framePage } from './http/frame-page.js';
import { WidgetRefusal } from './http/refusal.js';
import { createVisitorLimits, type VisitorLimitsOptions } from './visitors/rate-limits.js';
import { originAllowed, SettingsCache } from './visitors/settings-cache.js';
import { handleVisitorApi, requireAllowedCaller } from './visitors/visitor-api.js';
import { VisitorSockets } from './visitors/visitor-sockets.js';
import { capConnectionsPerAddress, limitedServerOptions } from '@lattice/contracts';

export interface WidgetsServiceOptions {
  /** 3200 in `npm start` and `lattice widgets`; 0 for a free port. */
  port: number;
  /** 127.0.0.1 unless told (containers say 0.0.0.0; nginx faces the internet). */
  host?: string;
  /** Reaches the messenger plugin (RabbitMQ in services mode, the platform's own broker in npm start). */
  broker: MessageBroker;
  /** Brings the plugin's visitor events (Redis in services mode, so every widgets process hears them). */
  pubsub: PubSubEngine;
  logger?: Logger;
  rpcTimeoutMs?: number;
  /** Where the visitor rate limits count (Redis, shared by every widgets process, in services mode) and how much. */
  limits?: VisitorLimitsOptions;
}

export interface RunningWidgetsService {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const commonHeaders = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' };

function sendAsset(request: IncomingMessage, response: ServerResponse, asset: StaticAsset, extra: Record<string, string> = {}): void {
  const headers = { ...commonHeaders, 'content-type': asset.contentType, etag: asset.etag, 'cache-control': 'public, max-age=300', vary: 'accept-encoding', ...extra };
  if (request.headers['if-none-match'] === asset.etag) {
    response.writeHead(304, headers).end();
    return;
  }
  const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  response.writeHead(200, { ...headers, ...(gzip ? { 'content-encoding': 'gzip' } : {}) }).end(gzip ? asset.gzipped : asset.body);
}

function sendJson(response: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  response.writeHead(status, { ...commonHeaders, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...extra }).end(JSON.stringify(body));
}

/**
 * `lattice widgets` (and part of `npm start`): the website messenger for third-party sites on one port.
 * GET /messenger.js (the loader), /frame (the widget's page), /widget.js, /widget.css, /api/settings (CORS for
 * the integration's sites); POST /api/{messages,conversation,email,typing,read} (the widget's own calls);
 * websocket /ws (replies, typing, read state); /health/live and /health/ready.
 */
export async function startWidgetsService(options: WidgetsServiceOptions): Promise<RunningWidgetsService> {
  const logger = options.logger ?? pino({ name: 'widgets', level: process.env.LOG_LEVEL ?? 'info' });
  const rpcTimeoutMs = options.rpcTimeoutMs ?? 10_000;
  const bundles = await buildClientBundles();
  const settings = new SettingsCache(options.broker, rpcTimeoutMs);
  const limits = await createVisitorLimits(options.limits);
  const sockets = new VisitorSockets(options.broker, options.pubsub, settings, rpcTimeoutMs, logger);
  await sockets.start().catch(async (error: unknown) => {
    await limits.stop();
    throw error;
  });

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://widgets');
    const path = url.pathname;
    if (request.method === 'GET' || request.method === 'HEAD') {
      if (path === '/health/live' || path === '/health/ready' || path === '/health') return sendJson(response, 200, { status: 'ok' });
      if (path === '/messenger.js') return sendAsset(request, response, bundles.loader, { 'cross-origin-resource-policy': 'cross-origin' });
      if (path === '/widget.js') return sendAsset(request, response, bundles.widget);
      if (path === '/widget.css') return sendAsset(request, response, bundles.styles);
      if (path === '/frame') {
        const found = await settings.require(url.searchParams.get('integrationId'));
        const { html, csp } = framePage(found, url.searchParams.get('lang') === 'de' ? 'de' : 'en');
        response.writeHead(200, { ...commonHeaders, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': csp }).end(html);
        return;
      }
      if (path === '/api/settings') {
        const found = await settings.require(url.searchParams.get('integrationId'));
        requireAllowedCaller(request, found);
        const origin = request.headers.origin;
        const cors: Record<string, string> = origin && originAllowed(found, origin) ? { 'access-control-allow-origin': origin, vary: 'origin' } : {};
        const { allowedOrigins: _private, ...visible } = found;
        return sendJson(response, 200, visible, cors);
      }
    }
    if (request.method === 'POST' && path.startsWith('/api/')) return sendJson(response, 200, await handleVisitorApi({ broker: options.broker, settings, limits, rpcTimeoutMs }, path.slice(5), request));
    sendJson(response, 404, { error: { code: 'NOT_FOUND', message: `Nothing at ${request.method} ${path}` } });
  }

  const listener: RequestListener = (request, response) => {
    route(request, response).catch((error: unknown) => {
      if (response.headersSent) return response.destroy();
      if (error instanceof WidgetRefusal) {
        const extra: Record<string, string> = error.retryAfter ? { 'retry-after': String(error.retryAfter) } : {};
        return sendJson(response, error.status, { error: { code: error.code, message: error.message } }, extra);
      }
      logger.error({ err: error, url: request.url }, 'widgets request failed');
      sendJson(response, 500, { error: { code: 'INTERNAL', message: 'Something went wrong' } });
    });
  };
  const observed = observeRequests(listener, { role: 'widgets', accessLog: logger, routeOf: widgetsRouteOf });
  const server = createServer(limitedServerOptions({ requestTimeout: 60_000 }), observed);
  server.on('upgrade', (request, socket, head) => {
    if (new URL(request.url ?? '/', 'http://widgets').pathname === '/ws') sockets.upgrade(request, socket, head);
    else socket.destroy();
  });
  capConnectionsPerAddress(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
  return {
    url: `http://${host}:${port}`,
    port,
    stop: async () => {
      await sockets.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await limits.stop();
    },
  };
}
