import { createInProcessBroker, type MessageBroker } from '@lattice/broker';
import { startEmbeddedMongo } from '@lattice/embedded-mongo';
import { createLogger } from '../host/create-logger.js';
import type { PluginDefinition } from '../plugin-definition.js';
import { startPlatform, type RunningPlatform } from '../platform/start-platform.js';
import { createGraphQLClient, type GraphQLClient } from './graphql-client.js';

export interface TestPlatformOptions {
  plugins: PluginDefinition[];
  /** Use this broker instead of a fresh in-process one (for example a RabbitMQ one). */
  broker?: MessageBroker;
  healthPollIntervalMs?: number;
}

export interface TestPlatform extends RunningPlatform {
  mongoUrl: string;
  broker: MessageBroker;
  /** POSTs to the gateway's /graphql and returns the parsed response. */
  graphql: GraphQLClient;
}

/**
 * The whole platform in one call for tests: an in-memory embedded MongoDB (or MONGO_URL), an in-process
 * broker (or the one given), every plugin and the gateway on free ports.
 */
export async function startTestPlatform(options: TestPlatformOptions): Promise<TestPlatform> {
  const mongo = process.env.MONGO_URL ? undefined : await startEmbeddedMongo({});
  const mongoUrl = process.env.MONGO_URL ?? mongo!.uri;
  const broker = options.broker ?? createInProcessBroker();
  const logger = createLogger('lattice-test', process.env.LOG_LEVEL ?? 'silent');
  const runId = Math.random().toString(36).slice(2, 8);
  try {
    const platform = await startPlatform({
      plugins: options.plugins.map((definition) => ({ definition, dbName: `test-${runId}-${definition.name}` })),
      mongoUrl,
      broker,
      gatewayPort: 0,
      logger,
      healthPollIntervalMs: options.healthPollIntervalMs ?? 200,
    });
    return {
      ...platform,
      mongoUrl,
      broker,
      graphql: createGraphQLClient(`${platform.gatewayUrl}/graphql`),
      stop: async () => {
        await platform.stop();
        if (!options.broker) await broker.close();
        await mongo?.stop();
      },
    };
  } catch (error) {
    if (!options.broker) await broker.close();
    await mongo?.stop();
    throw error;
  }
}
