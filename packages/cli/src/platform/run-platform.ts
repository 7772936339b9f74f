import { resolve } from 'node:path';
import { createLogger, startPlatform } from '@lattice/platform';
import { loadConfigs } from '../config/load-configs.js';
import { clientPortalOrigins } from '../config/client-portal-origins.js';
import { dashboardSettings } from './dashboard-settings.js';
import { loadPlugins } from './load-plugins.js';
import { resolveAuthSecret } from './resolve-auth-secret.js';
import { startFrontend } from './start-frontend.js';
import { resolveServices } from './resolve-services.js';
import { messengerEnabled, startWidgets, withWidgetsUrl } from './start-widgets.js';
import { startSearch } from './start-search.js';
import { isProductionDeployment } from '../production-libraries.js';

export interface RunPlatformOptions {
  configFile: string;
  dataDir: string;
  gatewayPort: number;
  /** Defaults to 3400, or a free port when the gateway's port is 0. */
  integrationsPort?: number;
  /** The front-end's port: 3000 by default, a free port when the gateway's port is 0. */
  frontendPort?: number;
  /** The widgets service's port (when the messenger plugin is enabled): 3200 by default, a free port when the gateway's port is 0. */
  widgetsPort?: number;
  /** The phone app's port: 4100 by default, a free port when the gateway's port is 0. */
  mobilePort?: number;
  host?: string;
  /** The dashboard API's port when configs.json has `dashboard`: 4300 by default, a free port when the gateway's port is 0. */
  dashboardApiPort?: number;
  dev?: boolean;
  /** Production refuses a placeholder secret; defaults to the operator's NODE_ENV=production (isProductionDeployment). */
  production?: boolean;
}

export interface RunningLattice {
  /** The UI; undefined when the shell is not built. */
  frontendUrl?: string;
  /** The phone app on its own port (also at `<frontendUrl>/mobile-app/`). */
  mobileUrl?: string;
  gatewayUrl: string;
  integrationsUrl: string;
  /** The widgets service; undefined when the messenger plugin is not enabled. */
  widgetsUrl?: string;
  /** The dashboard API (also at the front-end's /dashboard/api/); undefined when configs.json has no `dashboard`. */
  dashboardApiUrl?: string;
  pluginUrls: Record<string, string>;
  serviceDescriptions: string[];
  /** The database the plugins use (the embedded server's address in embedded mode). */
  mongoUrl: string;
  /** The search engine's REST address when configs.json enables `elasticsearch`. */
  searchUrl?: string;
  stop(): Promise<void>;
}

/** `lattice start`: configs.json → its services (embedded or real) → every enabled plugin → the gateway. */
export async function runPlatform(options: RunPlatformOptions): Promise<RunningLattice> {
  const configFile = resolve(options.configFile);
  const configs = await loadConfigs(configFile);
  const plugins = withWidgetsUrl(await loadPlugins(configFile, configs.plugins), configs);
  const logger = createLogger('lattice');
  const dataDir = resolve(options.dataDir);
  const authTokenSecret = await resolveAuthSecret({
    configFile,
    configured: configs.jwt_token_secret,
    dataDir,
    production: options.production ?? isProductionDeployment(),
    logger,
  });
  const services = await resolveServices(configs, dataDir, logger);
  const search = await startSearch(configs, plugins, { dataDir, mongoUrl: services.mongoUrl, port: options.gatewayPort === 0 ? 0 : 9200, logger }).catch(async (error: unknown) => {
    await services.stop();
    throw error;
  });
  try {
    const platform = await startPlatform({
      plugins: [...plugins, ...search.plugins],
      mongoUrl: services.mongoUrl,
      broker: services.broker,
      pubsub: services.pubsub,
      authTokenSecret,
      gatewayPort: options.gatewayPort,
      integrationsPort: options.integrationsPort ?? (options.gatewayPort === 0 ? 0 : 3400),
      host: options.host,
      logger,
      dev: options.dev,
      corsOrigins: clientPortalOrigins(configs.client_portal_domains),
      limits: configs.limits,
    });
    const dashboard = dashboardSettings(configs);
    const dashboardApi = dashboard
      ? await import('@lattice/dashboard-api')
          .then(({ startDashboardApi }) =>
            startDashboardApi({
              port: options.dashboardApiPort ?? (options.gatewayPort === 0 ? 0 : 4300),
              host: options.host,
              broker: services.broker,
              pubsub: services.pubsub,
              authTokenSecret,
              plugins: configs.plugins.map((plugin) => plugin.name),
              mongoUrl: services.mongoUrl,
              logger,
              cacheMs: dashboard.cacheMs,
            }),
          )
          .catch(async (error: unknown) => {
            await platform.stop();
            throw error;
          })
      : undefined;
    const frontend = await startFrontend({
      port: options.frontendPort ?? (options.gatewayPort === 0 ? 0 : 3000),
      mobilePort: options.mobilePort ?? (options.gatewayPort === 0 ? 0 : 4100),
      host: options.host,
      gatewayUrl: platform.gatewayUrl,
      dashboardApiUrl: dashboardApi?.url,
      entries: configs.plugins,
      logger,
    }).catch(async (error: unknown) => {
      await dashboardApi?.stop();
      await platform.stop();
      throw error;
    });
    const widgets = messengerEnabled(plugins)
      ? await startWidgets({
          port: options.widgetsPort ?? (options.gatewayPort === 0 ? 0 : 3200),
          host: options.host,
          broker: services.broker,
          pubsub: services.pubsub,
          logger,
        }).catch(async (error: unknown) => {
          await frontend?.stop();
          await dashboardApi?.stop();
          await platform.stop();
          throw error;
        })
      : undefined;
    return {
      frontendUrl: frontend?.url,
      widgetsUrl: widgets?.url,
      mobileUrl: frontend?.mobileUrl,
      gatewayUrl: platform.gatewayUrl,
      integrationsUrl: platform.integrationsUrl,
      dashboardApiUrl: dashboardApi?.url,
      pluginUrls: Object.fromEntries([...platform.plugins].map(([name, plugin]) => [name, plugin.url])),
      serviceDescriptions: [...services.descriptions, ...search.descriptions],
      searchUrl: search.url,
      mongoUrl: services.mongoUrl,
      stop: async () => {
        await widgets?.stop();
        await frontend?.stop();
        await search.stopSyncing();
        await dashboardApi?.stop();
        await platform.stop();
        await search.stop();
        await services.stop();
      },
    };
  } catch (error) {
    await search.stopSyncing();
    await search.stop();
    await services.stop();
    throw error;
  }
}
