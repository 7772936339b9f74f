import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { it } from 'node:test';
import { Redis } from 'ioredis';
import type { Configs } from '../config/configs-schema.js';
import { resolvePubSub } from './resolve-pubsub.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

it("with REDIS_URL, subscriptions listen on Redis channels under LATTICE_REDIS_PREFIX", async (t) => {
  const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  try {
    await probe.connect();
  } catch (error) {
    probe.disconnect();
    if (process.env.CI === 'true') throw new Error('Redis is required in CI and is not reachable', { cause: error });
    t.skip(`Redis not reachable at ${redisUrl}: ${(error as Error).message}`);
    return;
  }
  const saved = { url: process.env.REDIS_URL, prefix: process.env.LATTICE_REDIS_PREFIX };
  const prefix = `test-${randomBytes(4).toString('hex')}:`;
  process.env.REDIS_URL = redisUrl;
  process.env.LATTICE_REDIS_PREFIX = prefix;
  const resolved = await resolvePubSub({} as Configs);
  try {
    assert.match(resolved.description, new RegExp(`channels ${prefix}\\*`));
    await resolved.pubsub.subscribe('CHANGED', () => undefined, {});
    const [, listeners] = (await probe.call('PUBSUB', 'NUMSUB', `${prefix}CHANGED`)) as [string, number];
    assert.equal(listeners, 1);
  } finally {
    await resolved.stop();
    probe.disconnect();
    for (const [name, value] of [['REDIS_URL', saved.url], ['LATTICE_REDIS_PREFIX', saved.prefix]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
});
