import type { MessageBroker } from '@lattice/broker';
import type { GraphqlLimits } from '@lattice/contracts';
import type { PubSubEngine } from 'graphql-subscriptions';
import type { Logger } from 'pino';
import type { PlatformPlugin } from '../plugins/platform-plugin.js';
import { startPlugin, type RunningPlugin } from './start-plugin.js';
import { stopInOrder } from './stop-in-order.js';

export interface StartPluginHostsOptions {
  /** In start order; each gets its own port: `port`, `port + 1`, … */
  plugins: readonly PlatformPlugin[];
  port: number;
  host?: string;
  mongoUrl: string;
  /** The process's own broker connection; the hosts close it when they stop, after their HTTP requests. */
  broker: MessageBroker;
  pubsub: PubSubEngine;
  authTokenSecret: string;
  logger: Logger;
  dev?: boolean;
  drainDelayMs?: number;
  /** See StartPluginOptions.drainGraceMs. */
  drainGraceMs?: number;
  /** See StartPluginOptions.sessionGraceMs. */
  sessionGraceMs?: number;
  /** configs.json enables the `logs` plugin: every host records its plugin's changes. */
  recordActivity?: boolean;
  /** configs.json `limits`: see StartPluginOptions.limits. */
  limits?: Partial<GraphqlLimits>;
}

export interface RunningPluginHosts {
  plugins: readonly RunningPlugin[];
  /**
   * Stops taking requests on every host (finishing those in flight), closes the broker connection (RabbitMQ stops
   * delivering, the messages being handled are finished and acked, the rest go back to the queue for another
   * host), then runs each plugin's own stop in reverse order and closes its database connection.
   */
  stop(): Promise<void>;
}

/** Services mode (`lattice host <plugin…>`): the named plugin hosts in this process, without a gateway. */
export async function startPluginHosts(options: StartPluginHostsOptions): Promise<RunningPluginHosts> {
  const running: RunningPlugin[] = [];
  const stop = () => stopInOrder(running, () => options.broker.close());
  try {
    for (const [index, plugin] of options.plugins.entries()) {
      running.push(
        await startPlugin(plugin.definition, {
          mongoUrl: options.mongoUrl,
          dbName: plugin.dbName,
          extraEnv: plugin.extraEnv,
          broker: options.broker,
          pubsub: options.pubsub,
          authTokenSecret: options.authTokenSecret,
          port: options.port === 0 ? 0 : options.port + index,
          host: options.host,
          logger: options.logger,
          dev: options.dev,
          drainDelayMs: options.drainDelayMs,
          drainGraceMs: options.drainGraceMs,
          sessionGraceMs: options.sessionGraceMs,
          recordActivity: options.recordActivity,
          limits: options.limits,
        }),
      );
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { plugins: running, stop };
}
