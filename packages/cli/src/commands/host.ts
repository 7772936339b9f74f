import { resolve } from 'node:path';
import type { PlatformPlugin } from '@lattice/platform';
import type { CommandInput } from '../command/command.js';
import { configOption, dataDirOption, devOption, hostOption, listenHost, parsePort, portOption } from '../command/shared-options.js';
import { stopOnSignal } from '../stop-on-signal.js';
import { isProductionDeployment } from '../production-libraries.js';

export interface HostArguments {
  config: string;
  dataDir: string;
  plugins: string[];
  /** The first plugin's port; the next plugins take the ports after it. */
  port: number;
  host?: string;
  dev: boolean;
}

export const summary = 'services mode: run these plugin hosts (the first on --port, each next plugin on the next port)';
export const operands = '<plugin…>';

export const options = {
  config: configOption,
  'data-dir': dataDirOption,
  port: portOption("the first plugin's port (default: PORT or 4000)"),
  host: hostOption,
  dev: devOption,
};

export async function run({ values, operands: plugins }: CommandInput<typeof options>): Promise<void> {
  const port = parsePort(values.port ?? process.env.PORT ?? '4000');
  await host({ config: values.config, dataDir: values['data-dir'], plugins, port, host: listenHost(values.host), dev: values.dev });
}

// Long enough for the gateway's probes to see a stopping host as not ready before it stops accepting.
const drainDelayMs = 1_500;
/**
 * The most a stopping host keeps serving while a gateway still sends it requests (it has no other ready replica):
 * within Kubernetes' default 30 s termination grace. LATTICE_DRAIN_GRACE_MS changes it.
 */
const defaultDrainGraceMs = 25_000;

/** A duration in milliseconds from the environment, or `fallback` when unset; anything else is refused. */
function durationFromEnv(name: string, fallback: number | undefined): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number of milliseconds (got "${raw}")`);
  return value;
}

function pickPlugins(configFile: string, names: string[], enabled: PlatformPlugin[]): PlatformPlugin[] {
  if (names.length === 0) throw new Error('lattice host needs the plugins to run, e.g. `lattice host core` or `lattice host contacts inbox imap`');
  const byName = new Map(enabled.map((plugin) => [plugin.definition.name, plugin]));
  return names.map((name) => {
    const plugin = byName.get(name);
    if (!plugin) throw new Error(`lattice host: "${name}" is not an enabled API plugin in ${configFile} (enabled: ${[...byName.keys()].join(', ')})`);
    return plugin;
  });
}

/** `lattice host <plugin…>`: services mode, the named plugin hosts in this process on RabbitMQ, Redis and MongoDB. */
export async function host(args: HostArguments): Promise<void> {
  // Loaded here, not at the top: `lattice --help` reads every command file and should not load the platform.
  const [{ activityLogPluginName, corePlugin, createLogger, startPluginHosts }, { loadConfigs }, { loadPlugins }, { resolveAuthSecret }, { resolveServices }, { requireServiceUrls, serviceUrls }] =
    await Promise.all([
      import('@lattice/platform'),
      import('../config/load-configs.js'),
      import('../platform/load-plugins.js'),
      import('../platform/resolve-auth-secret.js'),
      import('../platform/resolve-services.js'),
      import('../services/service-urls.js'),
    ]);
  const { searchSubgraph } = await import('../platform/resolve-search.js');
  const configFile = resolve(args.config);
  const drainGraceMs = durationFromEnv('LATTICE_DRAIN_GRACE_MS', defaultDrainGraceMs);
  // How long a session the core confirmed stays accepted while the core cannot answer (default 10 min).
  const sessionGraceMs = durationFromEnv('LATTICE_SESSION_GRACE_MS', undefined);
  const configs = await loadConfigs(configFile);
  const enabled = await loadPlugins(configFile, configs.plugins);
  const names = [...new Set(args.plugins)];
  const search = names.includes('search') ? await searchSubgraph(configs, enabled, 'host') : [];
  const plugins = pickPlugins(configFile, names, [...enabled, { definition: corePlugin }, ...search]);
  requireServiceUrls('host', serviceUrls(configs), ['mongo', 'rabbitMQ', 'redis']);
  const logger = createLogger('lattice-host');
  const dataDir = resolve(args.dataDir);
  const authTokenSecret = await resolveAuthSecret({
    configFile,
    configured: configs.jwt_token_secret,
    dataDir,
    production: isProductionDeployment(),
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
    drainGraceMs,
    sessionGraceMs,
    recordActivity: enabled.some((plugin) => plugin.definition.name === activityLogPluginName),
    limits: configs.limits,
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
