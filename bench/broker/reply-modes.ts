/**
 * RPC at concurrency 1 over the broker's own reply queue and over direct reply-to, alternating per round,
 * with more calls per round than run.ts: the c=1 tail is where the two could differ.
 *
 *   node --conditions=development --import tsx bench/broker/reply-modes.ts     # env: RABBITMQ_URL, BENCH_ROUNDS (5)
 */
import { randomBytes } from 'node:crypto';
import { connectRabbitMQBroker, type RpcReplyMode } from '@lattice/broker';
import { deleteQueues, RABBITMQ_URL } from './rabbitmq-admin.js';
import { measureCalls } from './measure.js';

const rounds = Number(process.env.BENCH_ROUNDS ?? '5');
const queue = `bench${randomBytes(3).toString('hex')}:rpc.modes`;
const consumer = await connectRabbitMQBroker({ url: RABBITMQ_URL, prefetch: 256 });
await consumer.consumeRPCQueue(queue, (data) => data);
try {
  console.log('| round | mode | p50 ms | p99 ms | RPC/s |\n|---|---|---:|---:|---:|');
  for (let round = 1; round <= rounds; round += 1) {
    for (const mode of ['reply-queue', 'direct-reply-to'] as RpcReplyMode[]) {
      const caller = await connectRabbitMQBroker({ url: RABBITMQ_URL, rpcReplyMode: mode });
      await measureCalls(500, 1, (i) => caller.sendRPCMessage(queue, { i }));
      const figures = await measureCalls(4000, 1, (i) => caller.sendRPCMessage(queue, { id: i, name: 'Invoice' }));
      console.log(`| ${round} | ${mode} | ${figures.p50Ms.toFixed(3)} | ${figures.p99Ms.toFixed(3)} | ${Math.round(figures.perSecond)} |`);
      await caller.close();
    }
  }
} finally {
  await consumer.close();
  await deleteQueues([queue]);
}
