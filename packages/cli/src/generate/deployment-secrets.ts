import { ConfigError } from '../config/config-error.js';
import type { Configs, PluginEntry } from '../config/configs-schema.js';

/** The credentials a deployment hands its containers, each checked to be a real value. */
export interface DeploymentSecrets {
  jwtTokenSecret: string;
  mongoUser: string;
  mongoPassword: string;
  redisPassword: string;
  rabbitUser: string;
  rabbitPass: string;
  rabbitCookie: string;
  /** Empty: RabbitMQ's default vhost "/". */
  rabbitVhost: string;
}

const isPlaceholder = (value: string) => value.trim() === '' || /^<.*>$/.test(value.trim());

/**
 * Production output carries configs.json's credentials into the deployment's environment, so a missing,
 * empty or `<PLACEHOLDER>` value is refused, naming its key, before anything is written.
 */
export function deploymentSecrets(file: string, configs: Configs): DeploymentSecrets {
  const real = (key: string, value: string | undefined, minimum = 1): string => {
    if (value === undefined || isPlaceholder(value)) {
      throw new ConfigError(file, key, `is ${value === undefined ? 'missing' : 'empty or a placeholder'}: a deployment needs a real secret (e.g. \`openssl rand -hex 32\`)`);
    }
    if (value.length < minimum) throw new ConfigError(file, key, `is shorter than ${minimum} characters: use a long random secret`);
    return value;
  };
  return {
    jwtTokenSecret: real('jwt_token_secret', configs.jwt_token_secret, 32),
    mongoUser: real('mongo.username', configs.mongo?.username),
    mongoPassword: real('mongo.password', configs.mongo?.password),
    redisPassword: real('redis.password', configs.redis?.password),
    rabbitUser: real('rabbitmq.user', configs.rabbitmq?.user),
    rabbitPass: real('rabbitmq.pass', configs.rabbitmq?.pass),
    rabbitCookie: real('rabbitmq.cookie', configs.rabbitmq?.cookie),
    rabbitVhost: configs.rabbitmq?.vhost ?? '',
  };
}

/** The URLs a plugin host connects with, for services reached by these host names. */
export function deploymentServiceUrls(secrets: DeploymentSecrets, hosts: { mongo: string; rabbitmq: string; redis: string }) {
  const user = encodeURIComponent;
  return {
    MONGO_URL: `mongodb://${user(secrets.mongoUser)}:${user(secrets.mongoPassword)}@${hosts.mongo}:27017/?authSource=admin&replicaSet=rs0`,
    RABBITMQ_URL: `amqp://${user(secrets.rabbitUser)}:${user(secrets.rabbitPass)}@${hosts.rabbitmq}:5672${secrets.rabbitVhost ? `/${user(secrets.rabbitVhost)}` : ''}`,
    REDIS_URL: `redis://:${user(secrets.redisPassword)}@${hosts.redis}:6379`,
  };
}

/** Every plugin that gets a host: the core (always loaded, never listed) and each one configs.json enables. */
export function hostedPlugins(configs: Configs): PluginEntry[] {
  return [{ name: 'core' }, ...configs.plugins];
}
