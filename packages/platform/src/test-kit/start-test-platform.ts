import { randomBytes } from 'node:crypto';
import { createInProcessBroker, type MessageBroker } from '@lattice/broker';
import type { GraphqlLimits } from '@lattice/contracts';
import type { PubSubEngine } from 'graphql-subscriptions';
import { createLogger } from '../host/create-logger.js';
import type { PluginDefinition } from '@lattice/plugin-sdk';
import { corePlugin, corePluginName } from '../plugins/core-plugin.js';
import { startPlatform, type RunningPlatform } from '../embedded/start-platform.js';
import { createGraphQLClient, type GraphQLClient } from './graphql-client.js';
import { logIn } from './log-in.js';
import { startTestDatabase } from './test-database.js';
import { waitForPluginsUp } from './wait-for-plugins-up.js';

export interface TestPlatformOptions {
  plugins: PluginDefinition[];
  /** Use this broker instead of a fresh in-process one (for example a RabbitMQ one). */
  broker?: MessageBroker;
  /** Use this pub/sub instead of a fresh in-process one (to share it with a service outside the platform, as npm start does). */
  pubsub?: PubSubEngine;
  healthPollIntervalMs?: number;
  /** Run the embedded MongoDB on a worker thread, as `lattice start` does (benchmarks); tests skip the thread's start-up. */
  databaseOnThread?: boolean;
  /** configs.json `limits`: the gateway and every plugin host apply them over GRAPHQL_LIMITS. */
  limits?: Partial<GraphqlLimits>;
}

export interface TestPlatform extends RunningPlatform {
  mongoUrl: string;
  broker: MessageBroker;
  authTokenSecret: string;
  /** The owner created on first start (LATTICE_OWNER_EMAIL / LATTICE_OWNER_PASSWORD). */
  owner: { email: string; password: string };
  /** POSTs to the gateway's /graphql as the logged-in owner. */
  graphql: GraphQLClient;
  /** POSTs to the gateway's /graphql without any cookie. */
  anonymousGraphql: GraphQLClient;
  /** The owner's `auth-token=…` cookie. */
  authCookie: string;
  /** The database each plugin was given (a name of this run's own), by plugin name. */
  dbNames: Record<string, string>;
}

/**
 * The whole platform in one call for tests: an in-memory embedded MongoDB (or MONGO_URL), an in-process
 * broker (or the one given), the core plugin, the given plugins and the gateway on free ports; then it
 * logs in as the owner through the gateway, as a user would.
 */
export async function startTestPlatform(options: TestPlatformOptions): Promise<TestPlatform> {
  const database = await startTestDatabase({ onThread: options.databaseOnThread });
  const mongoUrl = database.url;
  const broker = options.broker ?? createInProcessBroker();
  const logger = createLogger('lattice-test', process.env.LOG_LEVEL ?? 'silent');
  const runId = randomBytes(4).toString('hex');
  const owner = { email: `owner-${runId}@lattice.test`, password: randomBytes(12).toString('base64url') };
  const authTokenSecret = randomBytes(32).toString('base64url');
  const stopServices = async () => {
    if (!options.broker) await broker.close();
    await database.stop();
  };
  try {
    const plugins = [corePlugin, ...options.plugins.filter((definition) => definition.name !== corePluginName)];
    const dbNames = Object.fromEntries(plugins.map((definition) => [definition.name, `test-${runId}-${definition.name}`]));
    const platform = await startPlatform({
      plugins: plugins.map((definition) => ({
        definition,
        dbName: dbNames[definition.name],
        extraEnv:
          definition.name === corePluginName
            ? { LATTICE_OWNER_EMAIL: owner.email, LATTICE_OWNER_PASSWORD: owner.password }
            : undefined,
      })),
      mongoUrl,
      broker,
      pubsub: options.pubsub,
      authTokenSecret,
      gatewayPort: 0,
      integrationsPort: 0,
      logger,
      healthPollIntervalMs: options.healthPollIntervalMs ?? 200,
      limits: options.limits,
    });
    try {
      const graphqlUrl = `${platform.gatewayUrl}/graphql`;
      await waitForPluginsUp(platform.gatewayUrl);
      const authCookie = await logIn(graphqlUrl, owner);
      return {
        ...platform,
        mongoUrl,
        broker,
        authTokenSecret,
        owner,
        authCookie,
        dbNames,
        graphql: createGraphQLClient(graphqlUrl, { cookie: authCookie }),
        anonymousGraphql: createGraphQLClient(graphqlUrl),
        stop: async () => {
          await platform.stop();
          await stopServices();
        },
      };
    } catch (error) {
      await platform.stop();
      throw error;
    }
  } catch (error) {
    await stopServices();
    throw error;
  }
}
