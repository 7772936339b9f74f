import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { it } from 'node:test';
import { RedisPubSub } from 'graphql-redis-subscriptions';
import { Redis } from 'ioredis';
import { PrefixedPubSub } from './prefixed-pubsub.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

it('two deployments on one Redis, each under its own prefix, receive only their own events', async (t) => {
  const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  try {
    await probe.connect();
  } catch (error) {
    probe.disconnect();
    if (process.env.CI === 'true') throw new Error('Redis is required in CI and is not reachable', { cause: error });
    t.skip(`Redis not reachable at ${redisUrl}: ${(error as Error).message}`);
    return;
  }
  // One connection each way for both deployments: Redis delivers one connection's messages in the order they were
  // published, so once the second deployment has its own event, the first's has arrived too, wherever it went.
  const redis = new RedisPubSub({ publisher: new Redis(redisUrl), subscriber: new Redis(redisUrl) });
  const run = randomBytes(4).toString('hex');
  const first = new PrefixedPubSub(redis, `test-${run}-first:`);
  const second = new PrefixedPubSub(redis, `test-${run}-second:`);
  try {
    const received = { first: [] as unknown[], second: [] as unknown[] };
    let secondGotOwn!: () => void;
    const secondDone = new Promise<void>((resolve) => (secondGotOwn = resolve));
    await first.subscribe('CHANGED', (payload) => received.first.push(payload));
    await second.subscribe('CHANGED', (payload) => {
      received.second.push(payload);
      secondGotOwn();
    });
    const namedChannel = (await probe.call('PUBSUB', 'NUMSUB', `test-${run}-first:CHANGED`)) as [string, number];
    assert.equal(namedChannel[1], 1, 'the first deployment listens on its prefixed channel');

    await first.publish('CHANGED', { from: 'first' });
    await second.publish('CHANGED', { from: 'second' });
    await secondDone;
    assert.deepEqual(received.second, [{ from: 'second' }]);
    assert.deepEqual(received.first, [{ from: 'first' }]);
  } finally {
    await redis.close();
    probe.disconnect();
  }
});
