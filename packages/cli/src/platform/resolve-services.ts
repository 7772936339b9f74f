import { connectRabbitMQBroker, createInProcessBroker, type MessageBroker } from '@lattice/broker';
import type { Logger } from 'pino';
import type { Configs } from '../config/configs-schema.js';
import { hideCredentials, resolveMongo } from './resolve-mongo.js';

export interface PlatformServices {
  mongoUrl: string;
  broker: MessageBroker;
  /** What runs where, for the ready banner. */
  descriptions: string[];
  stop(): Promise<void>;
}

function rabbitMQUrlFromConfigs(configs: Configs): string | undefined {
  const host = configs.db_server_address;
  if (!host) return undefined;
  const { user = 'guest', pass = 'guest', vhost = '' } = configs.rabbitmq ?? {};
  return `amqp://${encodeURIComponent(user)}:${encodeURIComponent(pass)}@${host}:5672/${encodeURIComponent(vhost)}`;
}

/**
 * Embedded defaults, each giving way to the real service when one is configured:
 * MONGO_URL / RABBITMQ_URL, or a non-empty `db_server_address` in configs.json.
 */
export async function resolveServices(configs: Configs, dataDir: string, logger: Logger): Promise<PlatformServices> {
  const mongo = await resolveMongo(configs, dataDir);
  try {
    const rabbitMQUrl = process.env.RABBITMQ_URL ?? rabbitMQUrlFromConfigs(configs);
    const broker = rabbitMQUrl
      ? await connectRabbitMQBroker({ url: rabbitMQUrl, connectionName: 'lattice', logger: logger.child({ component: 'broker' }) })
      : createInProcessBroker();
    return {
      mongoUrl: mongo.url,
      broker,
      descriptions: [mongo.description, rabbitMQUrl ? `RabbitMQ     ${hideCredentials(rabbitMQUrl)}` : 'Broker       in-process'],
      stop: async () => {
        await broker.close();
        await mongo.stop();
      },
    };
  } catch (error) {
    await mongo.stop();
    throw error;
  }
}
