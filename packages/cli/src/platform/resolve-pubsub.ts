import { RedisPubSub } from 'graphql-redis-subscriptions';
import { PubSub, type PubSubEngine } from 'graphql-subscriptions';
import { Redis } from 'ioredis';
import type { Configs } from '../config/configs-schema.js';
import { serviceUrls } from '../services/service-urls.js';
import { PrefixedPubSub } from './prefixed-pubsub.js';
import { hideCredentials } from './resolve-mongo.js';

export interface ResolvedPubSub {
  pubsub: PubSubEngine;
  description: string;
  stop(): Promise<void>;
}

/**
 * REDIS_URL (or `db_server_address`) gives GraphQL pub/sub across processes, on channels under
 * LATTICE_REDIS_PREFIX (`lattice:` by default), so deployments can share a Redis; otherwise it stays in this one.
 */
export async function resolvePubSub(configs: Configs): Promise<ResolvedPubSub> {
  const url = serviceUrls(configs).redis;
  if (!url) return { pubsub: new PubSub(), description: 'Pub/sub      in-process', stop: async () => undefined };
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw new Error(`Redis at ${hideCredentials(url)} is not reachable: ${(error as Error).message}`, { cause: error });
  }
  const redis = new RedisPubSub({ publisher, subscriber });
  const prefix = process.env.LATTICE_REDIS_PREFIX || 'lattice:';
  return {
    pubsub: new PrefixedPubSub(redis, prefix),
    description: `Redis        ${hideCredentials(url)} (channels ${prefix}*)`,
    stop: async () => void (await redis.close()),
  };
}
