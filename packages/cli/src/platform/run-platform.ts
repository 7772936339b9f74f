import { resolve } from 'node:path';
import { createLogger, startPlatform } from '@lattice/plugin-sdk';
import { loadConfigs } from '../config/load-configs.js';
import { loadPlugins } from './load-plugins.js';
import { resolveServices } from './resolve-services.js';

export interface RunPlatformOptions {
  configFile: string;
  dataDir: string;
  gatewayPort: number;
  host?: string;
  dev?: boolean;
}

export interface RunningLattice {
  gatewayUrl: string;
  pluginUrls: Record<string, string>;
  serviceDescriptions: string[];
  stop(): Promise<void>;
}

/** `lattice start`: configs.json → its services (embedded or real) → every enabled plugin → the gateway. */
export async function runPlatform(options: RunPlatformOptions): Promise<RunningLattice> {
  const configFile = resolve(options.configFile);
  const configs = await loadConfigs(configFile);
  const plugins = await loadPlugins(configFile, configs.plugins);
  const logger = createLogger('lattice');
  const services = await resolveServices(configs, resolve(options.dataDir), logger);
  try {
    const platform = await startPlatform({
      plugins,
      mongoUrl: services.mongoUrl,
      broker: services.broker,
      gatewayPort: options.gatewayPort,
      host: options.host,
      logger,
      dev: options.dev,
    });
    return {
      gatewayUrl: platform.gatewayUrl,
      pluginUrls: Object.fromEntries([...platform.plugins].map(([name, plugin]) => [name, plugin.url])),
      serviceDescriptions: services.descriptions,
      stop: async () => {
        await platform.stop();
        await services.stop();
      },
    };
  } catch (error) {
    await services.stop();
    throw error;
  }
}
