import { RedisPubSub } from 'graphql-redis-subscriptions';
import { PubSub, type PubSubEngine } from 'graphql-subscriptions';
import { Redis } from 'ioredis';
import type { Configs } from '../config/configs-schema.js';
import { serviceUrls } from '../services/service-urls.js';
import { hideCredentials } from './resolve-mongo.js';

export interface ResolvedPubSub {
  pubsub: PubSubEngine;
  description: string;
  stop(): Promise<void>;
}

/** REDIS_URL (or `db_server_address`) gives GraphQL pub/sub across processes; otherwise it stays in this one. */
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
  const pubsub = new RedisPubSub({ publisher, subscriber });
  return { pubsub, description: `Redis        ${hideCredentials(url)}`, stop: async () => void (await pubsub.close()) };
}
