import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { connectRabbitMQBroker, createInProcessBroker, type MessageBroker } from '@lattice/broker';
import { startEmbeddedMongo } from '@lattice/embedded-mongo';
import type { Logger } from 'pino';
import type { Configs } from '../config/configs-schema.js';

export interface PlatformServices {
  mongoUrl: string;
  broker: MessageBroker;
  /** What runs where, for the ready banner. */
  descriptions: string[];
  stop(): Promise<void>;
}

function mongoUrlFromConfigs(configs: Configs): string | undefined {
  const host = configs.db_server_address;
  if (!host) return undefined;
  const { username, password } = configs.mongo ?? {};
  const credentials = username ? `${encodeURIComponent(username)}:${encodeURIComponent(password ?? '')}@` : '';
  return `mongodb://${credentials}${host}:27017/?authSource=admin&replicaSet=rs0`;
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
  const stops: Array<() => Promise<void>> = [];
  const descriptions: string[] = [];
  try {
    let mongoUrl = process.env.MONGO_URL ?? mongoUrlFromConfigs(configs);
    if (mongoUrl) {
      descriptions.push(`MongoDB      ${mongoUrl.replace(/\/\/[^@]*@/, '//***@')}`);
    } else {
      const dbPath = join(dataDir, 'mongo');
      await mkdir(dbPath, { recursive: true });
      const mongo = await startEmbeddedMongo({ dbPath });
      stops.push(() => mongo.stop());
      mongoUrl = mongo.uri;
      descriptions.push(`MongoDB      ${mongo.uri} (embedded, data in ${dbPath})`);
    }

    const rabbitMQUrl = process.env.RABBITMQ_URL ?? rabbitMQUrlFromConfigs(configs);
    const broker = rabbitMQUrl
      ? await connectRabbitMQBroker({ url: rabbitMQUrl, logger: logger.child({ component: 'broker' }) })
      : createInProcessBroker();
    stops.unshift(() => broker.close());
    descriptions.push(rabbitMQUrl ? `RabbitMQ     ${rabbitMQUrl.replace(/\/\/[^@]*@/, '//***@')}` : 'Broker       in-process');

    return {
      mongoUrl,
      broker,
      descriptions,
      stop: async () => {
        for (const stop of stops) await stop();
      },
    };
  } catch (error) {
    for (const stop of stops) await stop();
    throw error;
  }
}
