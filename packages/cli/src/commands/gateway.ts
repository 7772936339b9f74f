import { resolve } from 'node:path';
import { startGateway } from '@lattice/gateway';
import { corePluginName, createLogger, integrationPublicRoutes } from '@lattice/platform';
import { loadConfigs } from '../config/load-configs.js';
import { loadPlugins } from '../platform/load-plugins.js';
import { resolveAuthSecret } from '../platform/resolve-auth-secret.js';
import { pluginHostUrls } from '../services/plugin-host-urls.js';
import { stopOnSignal } from '../stop-on-signal.js';

export interface GatewayArguments {
  config: string;
  /** Where a development secret is kept (the plugin hosts read the same one). */
  dataDir: string;
  port: number;
  integrationsPort: number;
  host?: string;
  dev: boolean;
}

// Probes this often find a stopped host within the 2 s the services mode promises, with room for a slow probe.
const pollIntervalMs = 500;

/** `lattice gateway`: the gateway and the integrations ingress alone, in front of plugin hosts running elsewhere. */
export async function gateway(args: GatewayArguments): Promise<void> {
  const configFile = resolve(args.config);
  const configs = await loadConfigs(configFile);
  const plugins = await loadPlugins(configFile, configs.plugins);
  const names = [corePluginName, ...plugins.map((plugin) => plugin.definition.name)];
  const subgraphs = pluginHostUrls(names);
  const logger = createLogger('lattice-gateway');
  // The plugin hosts let in only requests signed with a key derived from the platform secret: resolved as they do.
  const platformSecret = await resolveAuthSecret({
    configFile,
    configured: configs.jwt_token_secret,
    dataDir: resolve(args.dataDir),
    production: process.env.NODE_ENV === 'production',
    logger,
  });
  const running = await startGateway({
    port: args.port,
    host: args.host,
    platformSecret,
    subgraphs,
    pollIntervalMs,
    logger,
    dev: args.dev,
    integrations: {
      port: args.integrationsPort,
      plugins: plugins.filter((plugin) => plugin.definition.meta?.inboxIntegration).map((plugin) => plugin.definition.name),
      publicRoutes: integrationPublicRoutes(plugins.map((plugin) => plugin.definition)),
    },
  });
  console.log(
    [
      'Lattice gateway is ready',
      `  GraphQL      ${running.url}/graphql`,
      `  Integrations ${running.integrationsUrl}/<integration>/`,
      ...subgraphs.map(({ name, urls }) => `  Plugin       ${name.padEnd(12)} ${urls.join(', ')}`),
    ].join('\n'),
  );
  stopOnSignal('gateway', () => running.stop());
}
