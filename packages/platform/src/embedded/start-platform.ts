import type { MessageBroker } from '@lattice/broker';
import type { GraphqlLimits } from '@lattice/contracts';
import { startGateway } from '@lattice/gateway';
import { PubSub, type PubSubEngine } from 'graphql-subscriptions';
import type { Logger } from 'pino';
import { createLogger } from '../host/create-logger.js';
import { startPlugin, type RunningPlugin } from '../host/start-plugin.js';
import { stopInOrder } from '../host/stop-in-order.js';
import { withCorePlugin } from '../plugins/core-plugin.js';
import type { PlatformPlugin } from '../plugins/platform-plugin.js';
import { integrationPublicRoutes } from '../plugins/integration-public-routes.js';
import { activityLogPluginName } from '../activity/activity-recorder.js';

export interface StartPlatformOptions {
  plugins: PlatformPlugin[];
  mongoUrl: string;
  broker: MessageBroker;
  pubsub?: PubSubEngine;
  /** `jwt_token_secret`, already checked by the caller. */
  authTokenSecret: string;
  /** 3300 by default; 0 picks a free port. */
  gatewayPort?: number;
  /** The integrations ingress (`/<integration>/...`); 3400 by default; 0 picks a free port. */
  integrationsPort?: number;
  host?: string;
  logger?: Logger;
  dev?: boolean;
  /** How often the gateway checks each plugin's /health. */
  healthPollIntervalMs?: number;
  /** Browser origins the gateway lets call it with credentials (configs.json `client_portal_domains`). */
  corsOrigins?: readonly string[];
  /** configs.json `limits`, over GRAPHQL_LIMITS: the gateway and every plugin host apply the same ones. */
  limits?: Partial<GraphqlLimits>;
}

export interface RunningPlatform {
  gatewayUrl: string;
  /** Where integration plugins' HTTP routes are served as `/<integration>/...`. */
  integrationsUrl: string;
  plugins: ReadonlyMap<string, RunningPlugin>;
  /** Stops one plugin host while the rest keeps running; once this resolves its fields fail with PLUGIN_UNAVAILABLE. */
  stopPlugin(name: string): Promise<void>;
  /** Starts a stopped plugin host again on the same address; once this resolves the gateway routes to it. */
  startPlugin(name: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Embedded mode: every enabled API plugin in this process, each on its own loopback port as its own
 * subgraph, and the gateway composing them. The same code path as one process per plugin, except that the
 * gateway hands plugin HTTP routes (webhooks such as POST /receive) to the host's listener directly.
 * The core plugin (users and login) is always there, first.
 */
export async function startPlatform(options: StartPlatformOptions): Promise<RunningPlatform> {
  const logger = options.logger ?? createLogger('lattice');
  const pubsub = options.pubsub ?? new PubSub();
  const plugins = withCorePlugin(options.plugins);
  const byName = new Map(plugins.map((plugin) => [plugin.definition.name, plugin]));
  const recordActivity = byName.has(activityLogPluginName);
  const running = new Map<string, RunningPlugin>();
  const ports = new Map<string, number>();

  async function launch(name: string): Promise<void> {
    const plugin = byName.get(name);
    if (!plugin) throw new Error(`No plugin named "${name}" in this platform`);
    const started = await startPlugin(plugin.definition, {
      mongoUrl: options.mongoUrl,
      dbName: plugin.dbName,
      extraEnv: plugin.extraEnv,
      authTokenSecret: options.authTokenSecret,
      broker: options.broker,
      pubsub,
      port: ports.get(name) ?? 0,
      host: options.host,
      logger,
      dev: options.dev,
      recordActivity,
      limits: options.limits,
    });
    ports.set(name, started.port);
    running.set(name, started);
  }

  try {
    for (const name of byName.keys()) await launch(name);
    const gateway = await startGateway({
      port: options.gatewayPort ?? 3300,
      host: options.host,
      // The gateway signs its requests to the subgraphs with a key derived from it; the hosts check them.
      platformSecret: options.authTokenSecret,
      subgraphs: [...running.values()].map((plugin) => ({ name: plugin.name, urls: [plugin.url] })),
      // Only while the host runs: a stopped plugin's routes answer PLUGIN_UNAVAILABLE, as over HTTP.
      inProcessHttp: (name) => running.get(name)?.handleHttp,
      pollIntervalMs: options.healthPollIntervalMs,
      logger: logger.child({ component: 'gateway' }),
      dev: options.dev,
      corsOrigins: options.corsOrigins,
      limits: options.limits,
      integrations: {
        port: options.integrationsPort ?? 3400,
        plugins: plugins.filter((plugin) => plugin.definition.meta?.inboxIntegration).map((plugin) => plugin.definition.name),
        publicRoutes: integrationPublicRoutes(plugins.map((plugin) => plugin.definition)),
      },
    });

    return {
      gatewayUrl: gateway.url,
      integrationsUrl: gateway.integrationsUrl ?? '',
      plugins: running,
      stopPlugin: async (name) => {
        const plugin = running.get(name);
        if (!plugin) return;
        running.delete(name);
        await plugin.stop();
        await gateway.refresh();
      },
      startPlugin: async (name) => {
        if (running.has(name)) return;
        await launch(name);
        // Without this the gateway would see the host only at its next health poll, seconds later.
        await gateway.refresh();
      },
      stop: async () => {
        await gateway.stop();
        await stopInOrder([...running.values()]);
        running.clear();
      },
    };
  } catch (error) {
    await stopInOrder([...running.values()]);
    throw error;
  }
}
