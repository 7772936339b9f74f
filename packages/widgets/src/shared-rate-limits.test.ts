import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { startWidgetsService, type RunningWidgetsService } from './start-widgets-service.js';
import { startWidgetsStack, type WidgetsStack } from './test-support/start-widgets-stack.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// This run's own keys: another run's counters must not refuse this one's visitor.
const keyPrefix = `lattice-test-${randomBytes(4).toString('hex')}:widgets-limits:`;
// A window far longer than the burst takes, so a slow machine cannot open a second one while it is sent.
const messagesPerVisitor = { points: 5, seconds: 120 };

let stack: WidgetsStack;
const processes: RunningWidgetsService[] = [];
let integrationId: string;

before(async () => {
  stack = await startWidgetsStack('widgets-shared-limits-test');
  // Two widgets services as `lattice widgets` runs them: each its own Redis connection for the counters.
  for (let index = 0; index < 2; index++) {
    processes.push(await startWidgetsService({ port: 0, broker: stack.broker, pubsub: stack.pubsub, limits: { redisUrl, keyPrefix, messagesPerVisitor } }));
  }
  integrationId = await stack.createMessenger('Two processes');
});
after(async () => {
  for (const service of processes) await service.stop();
  await stack?.stop();
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${keyPrefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

async function post(service: RunningWidgetsService, action: string, body: Record<string, unknown>) {
  const response = await fetch(`${service.url}/api/${action}?integrationId=${integrationId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('visitor rate limits across widgets processes (Redis)', { timeout: 300_000 }, () => {
  it('counts one visitor’s 100 messages a second spread over two processes once: refused past the limit, nothing more stored', async () => {
    const first = await post(processes[0]!, 'messages', { integrationId, body: 'first' });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    const visitorToken = first.body.visitorToken as string;

    // 100 messages in a second, every other one to the other process, as nginx would spread them.
    const replies = await Promise.all(
      Array.from(
        { length: 100 },
        (_, index) =>
          new Promise<Awaited<ReturnType<typeof post>>>((resolve, reject) => {
            setTimeout(() => post(processes[index % 2]!, 'messages', { integrationId, visitorToken, body: `burst ${index}` }).then(resolve, reject), index * 10);
          }),
      ),
    );
    const accepted = replies.filter((reply) => reply.status === 200);
    const refused = replies.filter((reply) => reply.status === 429);
    assert.equal(accepted.length + refused.length, 100, `other answers: ${JSON.stringify(replies.filter((reply) => reply.status !== 200 && reply.status !== 429))}`);
    // Each process counting alone would have let 2 × 5 through.
    assert.equal(accepted.length, messagesPerVisitor.points, `${accepted.length} accepted`);
    assert.ok(refused.every((reply) => reply.body.error.code === 'RATE_LIMITED' && Number(reply.retryAfter) > 0));
    const servedBy = new Set(replies.map((reply, index) => (reply.status === 429 ? index % 2 : -1)));
    assert.ok(servedBy.has(0) && servedBy.has(1), 'both processes refused');

    for (const service of processes) {
      const view = await post(service, 'conversation', { integrationId, visitorToken });
      assert.equal(view.status, 200);
      const stored = (view.body.messages as Array<{ body: string }>).map((message) => message.body);
      const sent = ['first', ...accepted.map((reply) => reply.body.message.body as string)];
      assert.deepEqual(stored.toSorted(), sent.toSorted(), 'only the accepted messages were stored');
    }
  });
});
