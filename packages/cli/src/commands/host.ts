import { resolve } from 'node:path';
import { corePlugin, corePluginName, createLogger, startPluginHosts, type PlatformPlugin } from '@lattice/platform';
import { loadConfigs } from '../config/load-configs.js';
import { loadPlugins } from '../platform/load-plugins.js';
import { resolveAuthSecret } from '../platform/resolve-auth-secret.js';
import { resolveServices } from '../platform/resolve-services.js';
import { requireServiceUrls, serviceUrls } from '../services/service-urls.js';
import { stopOnSignal } from '../stop-on-signal.js';

export interface HostArguments {
  config: string;
  dataDir: string;
  plugins: string[];
  /** The first plugin's port; the next plugins take the ports after it. */
  port: number;
  host?: string;
  dev: boolean;
}

// Long enough for the gateway's probes to see a stopping host as not ready before it stops accepting.
const drainDelayMs = 1_500;

function pickPlugins(configFile: string, names: string[], enabled: PlatformPlugin[]): PlatformPlugin[] {
  if (names.length === 0) throw new Error('lattice host needs the plugins to run, e.g. `lattice host core` or `lattice host contacts inbox imap`');
  const byName = new Map(enabled.map((plugin) => [plugin.definition.name, plugin]));
  byName.set(corePluginName, { definition: corePlugin });
  return names.map((name) => {
    const plugin = byName.get(name);
    if (!plugin) throw new Error(`lattice host: "${name}" is not an enabled API plugin in ${configFile} (enabled: ${[...byName.keys()].join(', ')})`);
    return plugin;
  });
}

/** `lattice host <plugin…>`: services mode, the named plugin hosts in this process on RabbitMQ, Redis and MongoDB. */
export async function host(args: HostArguments): Promise<void> {
  const configFile = resolve(args.config);
  const configs = await loadConfigs(configFile);
  const enabled = await loadPlugins(configFile, configs.plugins);
  const plugins = pickPlugins(configFile, [...new Set(args.plugins)], enabled);
  requireServiceUrls('host', serviceUrls(configs), ['mongo', 'rabbitMQ', 'redis']);
  const logger = createLogger('lattice-host');
  const dataDir = resolve(args.dataDir);
  const authTokenSecret = await resolveAuthSecret({
    configFile,
    configured: configs.jwt_token_secret,
    dataDir,
    production: process.env.NODE_ENV === 'production',
    logger,
  });
  const services = await resolveServices(configs, dataDir, logger);
  const hosts = await startPluginHosts({
    plugins,
    port: args.port,
    host: args.host,
    mongoUrl: services.mongoUrl,
    broker: services.broker,
    pubsub: services.pubsub,
    authTokenSecret,
    logger,
    dev: args.dev,
    drainDelayMs,
  }).catch(async (error: unknown) => {
    await services.stop();
    throw error;
  });
  console.log(
    [
      'Lattice plugin host is ready',
      ...hosts.plugins.map((plugin) => `  ${plugin.name.padEnd(12)} ${plugin.url} (subgraph ${plugin.url}/graphql)`),
      ...services.descriptions.map((description) => `  ${description}`),
    ].join('\n'),
  );
  stopOnSignal('host', async () => {
    await hosts.stop();
    await services.stop();
  });
}
