import { resolve } from 'node:path';
import type { CommandInput } from '../command/command.js';
import { configOption, dataDirOption, hostOption, listenHost, parsePort, portOption } from '../command/shared-options.js';
import { stopOnSignal } from '../stop-on-signal.js';
import { isProductionDeployment } from '../production-libraries.js';

export const summary = 'services mode: the dashboard API (Cube-format /v1/meta and /v1/load; public /dashboard/api/)';

export const options = {
  config: configOption,
  'data-dir': dataDirOption,
  port: portOption('the port (default: 4300)'),
  host: hostOption,
} as const;

export async function run({ values }: CommandInput<typeof options>): Promise<void> {
  // Loaded here, not at the top: `lattice --help` reads every command file and should not load the platform.
  const [{ createLogger }, { startDashboardApi }, { loadConfigs }, { resolveAuthSecret }, { resolveServices }, { requireServiceUrls, serviceUrls }, settings] =
    await Promise.all([
      import('@lattice/platform'),
      import('@lattice/dashboard-api'),
      import('../config/load-configs.js'),
      import('../platform/resolve-auth-secret.js'),
      import('../platform/resolve-services.js'),
      import('../services/service-urls.js'),
      import('../platform/dashboard-settings.js'),
    ]);
  const configFile = resolve(values.config);
  const configs = await loadConfigs(configFile);
  const dashboard = settings.dashboardSettings(configs);
  if (!dashboard) throw new Error(`lattice dashboard-api: ${settings.dashboardOffReason(configFile)}`);
  requireServiceUrls('dashboard-api', serviceUrls(configs), ['mongo', 'rabbitMQ', 'redis']);
  const logger = createLogger('lattice-dashboard-api');
  const dataDir = resolve(values['data-dir']);
  const authTokenSecret = await resolveAuthSecret({ configFile, configured: configs.jwt_token_secret, dataDir, production: isProductionDeployment(), logger });
  const services = await resolveServices(configs, dataDir, logger);
  const api = await startDashboardApi({
    port: parsePort(values.port ?? process.env.PORT ?? '4300'),
    host: listenHost(values.host),
    broker: services.broker,
    pubsub: services.pubsub,
    authTokenSecret,
    plugins: configs.plugins.map((plugin) => plugin.name),
    mongoUrl: services.mongoUrl,
    logger,
    cacheMs: dashboard.cacheMs,
  }).catch(async (error: unknown) => {
    await services.stop();
    throw error;
  });
  console.log([`Lattice dashboard API is ready`, `  API          ${api.url}/v1 (Cube's REST API: /v1/meta, /v1/load)`, ...services.descriptions.map((line) => `  ${line}`)].join('\n'));
  stopOnSignal('dashboard-api', async () => {
    await api.stop();
    await services.stop();
  });
}
