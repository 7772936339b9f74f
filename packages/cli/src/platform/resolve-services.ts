import { connectRabbitMQBroker, createInProcessBroker, type MessageBroker } from '@lattice/broker';
import type { PubSubEngine } from 'graphql-subscriptions';
import type { Logger } from 'pino';
import type { Configs } from '../config/configs-schema.js';
import { hideCredentials, resolveMongo } from './resolve-mongo.js';
import { resolvePubSub } from './resolve-pubsub.js';
import { serviceUrls } from '../services/service-urls.js';

export interface PlatformServices {
  mongoUrl: string;
  broker: MessageBroker;
  pubsub: PubSubEngine;
  /** What runs where, for the ready banner. */
  descriptions: string[];
  stop(): Promise<void>;
}

/**
 * Embedded defaults, each giving way to the real service when one is configured:
 * MONGO_URL / RABBITMQ_URL / REDIS_URL, or a non-empty `db_server_address` in configs.json.
 */
export async function resolveServices(configs: Configs, dataDir: string, logger: Logger): Promise<PlatformServices> {
  const mongo = await resolveMongo(configs, dataDir);
  const stops: Array<() => Promise<void>> = [() => mongo.stop()];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop();
  };
  try {
    const pubsub = await resolvePubSub(configs);
    stops.push(() => pubsub.stop());
    const rabbitMQUrl = serviceUrls(configs).rabbitMQ;
    const broker = rabbitMQUrl
      ? await connectRabbitMQBroker({ url: rabbitMQUrl, connectionName: 'lattice', logger: logger.child({ component: 'broker' }) })
      : createInProcessBroker();
    stops.push(() => broker.close());
    return {
      mongoUrl: mongo.url,
      broker,
      pubsub: pubsub.pubsub,
      descriptions: [
        mongo.description,
        rabbitMQUrl ? `RabbitMQ     ${hideCredentials(rabbitMQUrl)}` : 'Broker       in-process',
        pubsub.description,
      ],
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
