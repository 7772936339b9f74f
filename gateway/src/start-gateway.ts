import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { CompositionKeeper } from './graphql/composition-keeper.js';
import { createGraphqlHandler } from './graphql/graphql-handler.js';
import { proxyPluginRequest } from './http/plugin-proxy.js';
import { createIntegrationsListener } from './http/integrations-ingress.js';
import { createRequestListener } from './http/request-router.js';
import { checkOrigin, withCorsOrigins } from './http/cors-origins.js';
import { createHealthRoutes } from './http/health-routes.js';
import { sendGraphqlIde } from './http/graphql-ide.js';
import { withRequestId } from './http/request-id.js';
import { gatewayRouteOf, integrationsRouteOf } from './http/route-templates.js';
import { createUpgradeListener } from './http/upgrade-router.js';
import {
  checkSubgraphEndpoints,
  DEFAULT_HOST,
  DEFAULT_MAX_BUFFERED_BYTES,
  DEFAULT_MAX_CONNECTIONS_PER_CLIENT,
  DEFAULT_MAX_SUBSCRIPTIONS_PER_CONNECTION,
  DEFAULT_POLL_INTERVAL_MS,
  DEFAULT_PORT,
  DEFAULT_SUBGRAPH_TIMEOUT_MS,
  MAX_BODY_BYTES,
  REPLICATED_POLL_INTERVAL_MS,
  type Gateway,
  type GatewayOptions,
} from './options.js';
import { HealthPoller } from './subgraphs/health-poller.js';
import { InFlightRequests } from './subgraphs/in-flight-requests.js';
import { SubgraphRegistry } from './subgraphs/subgraph-registry.js';
import { createSubscriptionServer } from './subscriptions/subscription-server.js';
import { capConnectionsPerAddress, createSubgraphSigner, graphqlLimitsWith, limitedServerOptions, subgraphSigningKey } from '@lattice/contracts';
import { observeRequests } from '@lattice/contracts/http-observability';

/**
 * Starts the gateway: composes the plugins that are up, listens, and keeps polling their health.
 * Resolves once it listens, even if some (or all) plugins are down.
 */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  checkSubgraphEndpoints(options.subgraphs);
  options.corsOrigins?.forEach(checkOrigin);
  const dev = options.dev ?? false;
  const logger = options.logger ?? pino({ name: 'gateway', level: process.env['LOG_LEVEL'] ?? 'info' });
  const limits = graphqlLimitsWith(options.limits);
  const signer = options.platformSecret ? createSubgraphSigner(subgraphSigningKey(options.platformSecret)) : undefined;
  const registry = new SubgraphRegistry(options.subgraphs, {
    signer,
    turnsPerCaller: options.turnsPerCaller,
    // A host's answer may take its whole execution deadline, then has to arrive.
    graphqlTimeoutMs: options.subgraphTimeoutMs ?? Math.max(DEFAULT_SUBGRAPH_TIMEOUT_MS, limits.deadlineMs + 5_000),
    deadlineMs: limits.deadlineMs,
  });
  const host = options.host ?? DEFAULT_HOST;
  const compositions = new CompositionKeeper(registry, logger, dev, limits);

  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const poller = new HealthPoller(registry, {
    // Failover within 2 s: a draining replica is seen by the next probe; a killed one as soon as it refuses.
    intervalMs: registry.isReplicated() ? Math.min(pollIntervalMs, REPLICATED_POLL_INTERVAL_MS) : pollIntervalMs,
    // A floor of 1 s so a loaded machine does not read a slow answer as a failed probe.
    timeoutMs: Math.max(1000, Math.min(pollIntervalMs, 2000)),
    logger,
    onSchemaChanged: () => compositions.update(),
  });
  await poller.checkNow();
  const down = registry
    .all()
    .flatMap(({ replicas }) => replicas.filter(({ status }) => status === 'down'))
    .map(({ plugin, url }) => `${plugin} ${url}`);
  if (down.length > 0) logger.warn({ replicas: down }, 'replicas down at start-up; they join when they come up');

  const inFlight = new InFlightRequests(options.dedupeRequests ?? true);
  const graphql = createGraphqlHandler({ registry, preparer: () => compositions.preparer, dev, logger, inFlight, limits });
  const pluginHttp = { registry, logger, bodyLimit: MAX_BODY_BYTES, inProcess: options.inProcessHttp };
  const listener = createRequestListener(
    {
      graphql,
      plugin: (name, rest, req, res) => proxyPluginRequest(pluginHttp, name, rest, req, res),
      health: createHealthRoutes(registry, () => compositions.preparer !== undefined),
      ide: dev ? sendGraphqlIde : undefined,
    },
    logger,
    dev,
  );
  const observed = observeRequests(withCorsOrigins(listener, options.corsOrigins ?? []), { role: 'gateway', accessLog: logger, routeOf: gatewayRouteOf((name) => registry.get(name) !== undefined) });
  const server = await listen(withRequestId(observed), options.port ?? DEFAULT_PORT, host);
  const subscriptions = createSubscriptionServer({
    registry,
    preparer: () => compositions.preparer,
    dev,
    logger,
    maxPerConnection: options.maxSubscriptionsPerConnection ?? DEFAULT_MAX_SUBSCRIPTIONS_PER_CONNECTION,
    maxConnectionsPerClient: options.maxConnectionsPerClient ?? DEFAULT_MAX_CONNECTIONS_PER_CLIENT,
    maxBufferedBytes: options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES,
    maxPayloadBytes: limits.maxBodyBytes,
  });
  server.on('upgrade', createUpgradeListener(subscriptions, logger, options.corsOrigins));
  const servers = [server];
  try {
    if (options.integrations) {
      const integrations = new Set(options.integrations.plugins);
      const ingress = createIntegrationsListener(pluginHttp, integrations, logger, options.integrations.publicRoutes);
      const observedIngress = observeRequests(ingress, { role: 'integrations', accessLog: logger, routeOf: integrationsRouteOf(integrations) });
      servers.push(await listen(withRequestId(observedIngress), options.integrations.port, options.integrations.host ?? host));
    }
  } catch (error) {
    await subscriptions.stop();
    await closeServer(server);
    throw error;
  }
  poller.start();

  const url = serverUrl(server, host);
  const integrationsUrl = servers[1] ? serverUrl(servers[1], options.integrations?.host ?? host) : undefined;
  logger.info({ url, integrationsUrl }, 'gateway listening');

  return {
    url,
    port: (server.address() as AddressInfo).port,
    integrationsUrl,
    refresh: () => poller.checkNow(),
    async stop() {
      poller.stop();
      // Upgraded sockets keep the HTTP server open, so they close first.
      await subscriptions.stop();
      await Promise.all(servers.map(closeServer));
      await registry.close();
    },
  };
}

async function listen(listener: RequestListener, port: number, host: string | undefined): Promise<Server> {
  // Longer than the usual 60 s idle timeout of proxies in front, so they never reuse a socket we just closed.
  // Headers within 20 s, the request within 120 s, at most 512 connections from one address (contracts' limits).
  const server = createServer(limitedServerOptions({ keepAliveTimeout: 65_000 }), listener);
  capConnectionsPerAddress(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

function serverUrl(server: Server, listenHost: string | undefined): string {
  const { port } = server.address() as AddressInfo;
  const host = !listenHost || listenHost === '0.0.0.0' || listenHost === '::' ? '127.0.0.1' : listenHost;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

async function closeServer(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  await closed;
}
