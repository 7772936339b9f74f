import { resolve } from 'node:path';
import type { CommandInput } from '../command/command.js';
import { configOption, dataDirOption, devOption, gatewayPort, hostOption, listenHost, parsePort, portOption } from '../command/shared-options.js';
import { stopOnSignal } from '../stop-on-signal.js';
import { isProductionDeployment } from '../production-libraries.js';

export interface GatewayArguments {
  config: string;
  /** Where a development secret is kept (the plugin hosts read the same one). */
  dataDir: string;
  port: number;
  integrationsPort: number;
  host?: string;
  dev: boolean;
}

export const summary = 'services mode: the gateway and the integrations ingress, in front of plugin hosts running elsewhere';
export const details = `Plugin hosts come from LATTICE_PLUGIN_URLS="core=http://h:4000;documents=http://a:4001,http://b:4001"
and/or LATTICE_PLUGIN_URL_TEMPLATE="http://plugin-{name}-api:4000".`;

export const options = {
  config: configOption,
  'data-dir': dataDirOption,
  port: portOption("the gateway's port (default: LATTICE_GATEWAY_PORT or 3300)"),
  'integrations-port': portOption("the integrations ingress's port (default: LATTICE_INTEGRATIONS_PORT or 3400)"),
  host: hostOption,
  dev: devOption,
};

export async function run({ values }: CommandInput<typeof options>): Promise<void> {
  await gateway({
    config: values.config,
    dataDir: values['data-dir'],
    port: gatewayPort(values.port),
    integrationsPort: parsePort(values['integrations-port'] ?? process.env.LATTICE_INTEGRATIONS_PORT ?? '3400', '--integrations-port'),
    host: listenHost(values.host),
    dev: values.dev,
  });
}

// Probes this often find a stopped host within the 2 s the services mode promises, with room for a slow probe.
const pollIntervalMs = 500;

/** `lattice gateway`: the gateway and the integrations ingress alone, in front of plugin hosts running elsewhere. */
export async function gateway(args: GatewayArguments): Promise<void> {
  // Loaded here, not at the top: `lattice --help` reads every command file and should not load the platform.
  const [{ startGateway }, { corePluginName, createLogger, integrationPublicRoutes }, { loadConfigs }, { loadPlugins }, { resolveAuthSecret }, { pluginHostUrls }, { clientPortalOrigins }] =
    await Promise.all([
      import('@lattice/gateway'),
      import('@lattice/platform'),
      import('../config/load-configs.js'),
      import('../platform/load-plugins.js'),
      import('../platform/resolve-auth-secret.js'),
      import('../services/plugin-host-urls.js'),
      import('../config/client-portal-origins.js'),
    ]);
  const configFile = resolve(args.config);
  const configs = await loadConfigs(configFile);
  const plugins = await loadPlugins(configFile, configs.plugins);
  // The search subgraph runs beside the plugins when configs.json enables the search engine (`lattice host search`).
  const names = [corePluginName, ...plugins.map((plugin) => plugin.definition.name), ...(configs.elasticsearch ? ['search'] : [])];
  const subgraphs = pluginHostUrls(names);
  const logger = createLogger('lattice-gateway');
  // The plugin hosts let in only requests signed with a key derived from the platform secret: resolved as they do.
  const platformSecret = await resolveAuthSecret({
    configFile,
    configured: configs.jwt_token_secret,
    dataDir: resolve(args.dataDir),
    production: isProductionDeployment(),
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
    corsOrigins: clientPortalOrigins(configs.client_portal_domains),
    limits: configs.limits,
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
