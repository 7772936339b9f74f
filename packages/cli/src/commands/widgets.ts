import { resolve } from 'node:path';
import type { CommandInput } from '../command/command.js';
import { configOption, hostOption, listenHost, parsePort, portOption } from '../command/shared-options.js';
import { stopOnSignal } from '../stop-on-signal.js';

export interface WidgetsArguments {
  config: string;
  port: number;
  host?: string;
}

export const summary = "services mode: the website messenger's widgets service (public at widgets.domain, SPEC.md's /widgets/)";

export const options = {
  config: configOption,
  port: portOption('the port (default: 3200)'),
  host: hostOption,
} as const;

export async function run({ values }: CommandInput<typeof options>): Promise<void> {
  await widgets({ config: values.config, port: parsePort(values.port ?? '3200'), host: listenHost(values.host) });
}

/**
 * `lattice widgets`: the messenger's loader, widget, visitor API and websocket, reaching the messenger plugin over
 * RabbitMQ and hearing its events on Redis (and counting visitors' rate limits there), so any number of these
 * processes can stand behind nginx.
 */
export async function widgets(args: WidgetsArguments): Promise<void> {
  // Loaded here, not at the top: `lattice --help` reads every command file and should not load the platform.
  const [{ connectRabbitMQBroker }, { createLogger }, { startWidgetsService }, { loadConfigs }, { resolvePubSub }, { hideCredentials }, { requireServiceUrls, serviceUrls }] =
    await Promise.all([
      import('@lattice/broker'),
      import('@lattice/platform'),
      import('@lattice/widgets'),
      import('../config/load-configs.js'),
      import('../platform/resolve-pubsub.js'),
      import('../platform/resolve-mongo.js'),
      import('../services/service-urls.js'),
    ]);
  const configFile = resolve(args.config);
  const configs = await loadConfigs(configFile);
  if (!configs.plugins.some((plugin) => plugin.name === 'messenger')) {
    throw new Error(`lattice widgets serves the messenger plugin, which ${configFile} does not enable: add {"name": "messenger"} to its plugins`);
  }
  const urls = requireServiceUrls('widgets', serviceUrls(configs), ['rabbitMQ', 'redis']);
  const logger = createLogger('lattice-widgets');
  const pubsub = await resolvePubSub(configs);
  const broker = await connectRabbitMQBroker({ url: urls.rabbitMQ, connectionName: 'lattice-widgets', logger: logger.child({ component: 'broker' }) }).catch(
    async (error: unknown) => {
      await pubsub.stop();
      throw error;
    },
  );
  // Visitor rate limits count in Redis, under the deployment's prefix, so every widgets process shares them.
  const limits = { redisUrl: urls.redis, keyPrefix: `${process.env.LATTICE_REDIS_PREFIX || 'lattice:'}widgets-limits:` };
  const service = await startWidgetsService({ port: args.port, host: args.host, broker, pubsub: pubsub.pubsub, logger, limits }).catch(async (error: unknown) => {
    await broker.close();
    await pubsub.stop();
    throw error;
  });
  console.log(
    [
      'Lattice widgets service is ready',
      `  Widgets      ${service.url}/messenger.js${configs.widgets?.domain ? ` (public: ${configs.widgets.domain.replace(/\/$/, '')}/messenger.js)` : ''}`,
      `  RabbitMQ     ${hideCredentials(urls.rabbitMQ)}`,
      `  ${pubsub.description}`,
    ].join('\n'),
  );
  stopOnSignal('widgets', async () => {
    await service.stop();
    await broker.close();
    await pubsub.stop();
  });
}
