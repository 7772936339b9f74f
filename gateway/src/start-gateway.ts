import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { CompositionKeeper } from './graphql/composition-keeper.js';
import { createGraphqlHandler } from './graphql/graphql-handler.js';
import { proxyPluginRequest } from './http/plugin-proxy.js';
import { createRequestListener } from './http/request-router.js';
import { sendJson } from './http/send-json.js';
import {
  checkSubgraphEndpoints,
  DEFAULT_POLL_INTERVAL_MS,
  DEFAULT_PORT,
  MAX_BODY_BYTES,
  type Gateway,
  type GatewayOptions,
} from './options.js';
import { HealthPoller } from './subgraphs/health-poller.js';
import { SubgraphRegistry } from './subgraphs/subgraph-registry.js';

/**
 * Starts the gateway: composes the plugins that are up, listens, and keeps polling their health.
 * Resolves once it listens, even if some (or all) plugins are down.
 */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  checkSubgraphEndpoints(options.subgraphs);
  const dev = options.dev ?? false;
  const logger = options.logger ?? pino({ name: 'gateway', level: process.env['LOG_LEVEL'] ?? 'info' });
  const registry = new SubgraphRegistry(options.subgraphs);
  const compositions = new CompositionKeeper(registry, logger, dev);

  const poller = new HealthPoller(registry, {
    intervalMs: options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
    logger,
    onSchemaChanged: () => compositions.update(),
  });
  await poller.checkNow();
  const down = registry.all().filter(({ status }) => status === 'down').map(({ name }) => name);
  if (down.length > 0) logger.warn({ plugins: down }, 'plugins down at start-up; they join when they come up');

  const graphql = createGraphqlHandler({ registry, preparer: () => compositions.preparer, dev, logger });
  const listener = createRequestListener(
    {
      graphql,
      plugin: (name, rest, req, res) => proxyPluginRequest(registry, name, rest, req, res, MAX_BODY_BYTES),
      health: (res) => sendJson(res, 200, { status: 'ok', plugins: registry.statuses() }),
    },
    logger,
    dev,
  );
  // Longer than the usual 60 s idle timeout of proxies in front, so they never reuse a socket we just closed.
  const server = createServer({ keepAliveTimeout: 65_000, headersTimeout: 66_000 }, listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_PORT, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  poller.start();

  const { port } = server.address() as AddressInfo;
  const host = !options.host || options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  logger.info({ url }, 'gateway listening');

  return {
    url,
    port,
    refresh: () => poller.checkNow(),
    async stop() {
      poller.stop();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await registry.close();
    },
  };
}
