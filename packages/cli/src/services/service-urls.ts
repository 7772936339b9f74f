import type { Configs } from '../config/configs-schema.js';

/** Where the shared services are, from the environment or configs.json's `db_server_address`. */
export interface ServiceUrls {
  mongo?: string;
  rabbitMQ?: string;
  redis?: string;
}

export function serviceUrls(configs: Configs): ServiceUrls {
  const host = configs.db_server_address;
  const mongo = configs.mongo ?? {};
  const rabbitMQ = configs.rabbitmq ?? {};
  const redisPassword = configs.redis?.password;
  const mongoCredentials = mongo.username ? `${encodeURIComponent(mongo.username)}:${encodeURIComponent(mongo.password ?? '')}@` : '';
  return {
    mongo: process.env.MONGO_URL ?? (host ? `mongodb://${mongoCredentials}${host}:27017/?authSource=admin&replicaSet=rs0` : undefined),
    rabbitMQ:
      process.env.RABBITMQ_URL ??
      (host
        ? `amqp://${encodeURIComponent(rabbitMQ.user ?? 'guest')}:${encodeURIComponent(rabbitMQ.pass ?? 'guest')}@${host}:5672/${encodeURIComponent(rabbitMQ.vhost ?? '')}`
        : undefined),
    redis: process.env.REDIS_URL ?? (host ? `redis://${redisPassword ? `:${encodeURIComponent(redisPassword)}@` : ''}${host}:6379` : undefined),
  };
}

const howToSet: Record<keyof ServiceUrls, string> = {
  mongo: 'MongoDB: set MONGO_URL (a replica set, or the mongodb:// URL that `lattice db` prints)',
  rabbitMQ: 'RabbitMQ: set RABBITMQ_URL (amqp://user:password@host:5672/vhost)',
  redis: 'Redis: set REDIS_URL (redis://:password@host:6379)',
};

/**
 * Services mode spans processes, which the embedded database, the in-process broker and in-process pub/sub
 * cannot: a role that needs one of them stops here, naming what is missing and how to set it.
 */
export function requireServiceUrls<K extends keyof ServiceUrls>(role: string, urls: ServiceUrls, needed: readonly K[]): Required<Pick<ServiceUrls, K>> {
  const missing = needed.filter((key) => !urls[key]);
  if (missing.length > 0) {
    throw new Error(
      `lattice ${role} runs in services mode and needs ${missing.map((key) => howToSet[key]).join('; and ')} ` +
        '(or db_server_address in configs.json). The in-process twins cannot span processes: use `lattice start` for one process.',
    );
  }
  return urls as Required<Pick<ServiceUrls, K>>;
}
