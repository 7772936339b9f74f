import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  BrokerReplyError,
  BrokerTimeoutError,
  InvalidQueueNameError,
  UnprocessableMessageError,
  UnserialisablePayloadError,
  type MessageBroker,
  type MessageMeta,
  type QueueName,
} from '../index.js';
import { waitFor } from './wait-for.js';

export interface DeadLetterSeen {
  data: unknown;
  errorMessage: string;
}

/** What the contract suite needs from an implementation under test. */
export interface ContractTarget {
  name: string;
  createBroker(options: { maxAttempts: number; retryDelayMs: number }): Promise<MessageBroker>;
  /** A queue name unique to this test run, so runs never share queues. */
  queueName(action: string): QueueName;
  /** Removes and returns what sits in `<queue>:dead`. */
  takeDeadLetters(broker: MessageBroker, queue: QueueName): Promise<DeadLetterSeen[]>;
}

const policy = { maxAttempts: 3, retryDelayMs: 5 };

export function runBrokerContract(target: ContractTarget): void {
  async function withBroker(run: (broker: MessageBroker) => Promise<void>): Promise<void> {
    const broker = await target.createBroker(policy);
    try {
      await run(broker);
    } finally {
      await broker.close();
    }
  }

  describe(`MessageBroker contract: ${target.name}`, () => {
    it('delivers a plain message with its data and subdomain', () =>
      withBroker(async (broker) => {
        const queue = target.queueName('plain.deliver');
        const received: Array<{ data: unknown; meta: MessageMeta }> = [];
        await broker.consumeQueue(queue, (data, meta) => {
          received.push({ data, meta });
        });
        await broker.sendMessage(queue, { name: 'Invoice', at: new Date(0) }, { subdomain: 'acme' });
        await waitFor('the message', () => received.length === 1);
        // Payloads are JSON on the wire, so a Date arrives as its ISO text in both implementations.
        assert.deepEqual(received[0], { data: { name: 'Invoice', at: '1970-01-01T00:00:00.000Z' }, meta: { subdomain: 'acme' } });
      }));

    it('says it is connected until it is closed', async () => {
      const broker = await target.createBroker(policy);
      assert.equal(broker.isConnected(), true);
      await broker.close();
      assert.equal(broker.isConnected(), false);
    });

    it('carries the request id beside plain and RPC messages, outside the body', () =>
      withBroker(async (broker) => {
        const plain = target.queueName('plain.request-id');
        const seen: MessageMeta[] = [];
        await broker.consumeQueue(plain, (_data, meta) => {
          seen.push(meta);
        });
        await broker.sendMessage(plain, 1, { requestId: 'req-42' });
        await broker.sendMessage(plain, 2);
        await waitFor('both messages', () => seen.length === 2);
        assert.deepEqual(seen, [{ requestId: 'req-42' }, {}]);

        const rpc = target.queueName('rpc.request-id');
        await broker.consumeRPCQueue(rpc, (_data, meta) => meta.requestId ?? null);
        assert.equal(await broker.sendRPCMessage(rpc, null, { requestId: 'req-43' }), 'req-43');
      }));

    it('keeps a message sent before anyone consumes until a consumer comes', () =>
      withBroker(async (broker) => {
        const queue = target.queueName('plain.early');
        await broker.sendMessage(queue, 'early');
        const received: unknown[] = [];
        await broker.consumeQueue(queue, (data) => {
          received.push(data);
        });
        await waitFor('the early message', () => received.length === 1);
        assert.deepEqual(received, ['early']);
      }));

    it('answers an RPC with the data the handler returns', () =>
      withBroker(async (broker) => {
        const queue = target.queueName('rpc.success');
        await broker.consumeRPCQueue(queue, (data, meta) => ({ echo: data, subdomain: meta.subdomain ?? null }));
        const reply = await broker.sendRPCMessage(queue, { id: 7 }, { subdomain: 'acme' });
        assert.deepEqual(reply, { echo: { id: 7 }, subdomain: 'acme' });
        await broker.consumeRPCQueue(target.queueName('rpc.void'), () => undefined);
        assert.equal(await broker.sendRPCMessage(target.queueName('rpc.void'), null), undefined);
      }));

    it('throws the error message of an error reply at the caller', () =>
      withBroker(async (broker) => {
        const queue = target.queueName('rpc.error');
        await broker.consumeRPCQueue(queue, async () => {
          throw new Error('Document not found');
        });
        await assert.rejects(broker.sendRPCMessage(queue, {}), (error: unknown) => {
          assert.ok(error instanceof BrokerReplyError);
          assert.equal(error.message, 'Document not found');
          assert.equal(error.errorMessage, 'Document not found');
          assert.equal(error.queue, queue);
          return true;
        });
      }));

    it('times out an RPC nobody answers, naming the queue and the timeout', () =>
      withBroker(async (broker) => {
        const queue = target.queueName('rpc.nobody');
        const started = Date.now();
        await assert.rejects(broker.sendRPCMessage(queue, {}, { timeoutMs: 300 }), (error: unknown) => {
          assert.ok(error instanceof BrokerTimeoutError);
          assert.match(error.message, new RegExp(`"${queue.replace(/[.]/g, '\\.')}".*300 ms`));
          return true;
        });
        assert.ok(Date.now() - started >= 290, 'waited for the timeout');
      }));

    it('retries a failing plain handler, then dead-letters the message to <queue>:dead', () =>
      withBroker(async (broker) => {
        const queue = target.queueName('plain.poison');
        let attempts = 0;
        await broker.consumeQueue(queue, () => {
          attempts += 1;
          throw new Error('cannot handle this');
        });
        await broker.sendMessage(queue, { poison: true });
        await waitFor('three attempts', () => attempts === policy.maxAttempts);
        const dead: DeadLetterSeen[] = [];
        await waitFor('the dead letter', async () => {
          dead.push(...(await target.takeDeadLetters(broker, queue)));
          return dead.length > 0;
        });
        assert.deepEqual(dead, [{ data: { poison: true }, errorMessage: 'cannot handle this' }]);
        await new Promise((resolve) => setTimeout(resolve, 100));
        assert.equal(attempts, policy.maxAttempts, 'no further attempts after dead-lettering');
      }));

    it('dead-letters at once, without retrying, a message its handler calls unprocessable', () =>
      withBroker(async (broker) => {
        const queue = target.queueName('plain.refused');
        let attempts = 0;
        await broker.consumeQueue(queue, () => {
          attempts += 1;
          throw new UnprocessableMessageError(queue, 'count: expected a number');
        });
        await broker.sendMessage(queue, { count: 'three' });
        const dead: DeadLetterSeen[] = [];
        await waitFor('the dead letter', async () => {
          dead.push(...(await target.takeDeadLetters(broker, queue)));
          return dead.length > 0;
        });
        assert.deepEqual(dead, [{ data: { count: 'three' }, errorMessage: `Unprocessable message on queue "${queue}": count: expected a number` }]);
        await new Promise((resolve) => setTimeout(resolve, 100));
        assert.equal(attempts, 1, 'handled once, never retried');
      }));

    it('retries a handler that fails once and delivers it without dead-lettering', () =>
      withBroker(async (broker) => {
        const queue = target.queueName('plain.flaky');
        let attempts = 0;
        let handled = false;
        await broker.consumeQueue(queue, () => {
          attempts += 1;
          if (attempts === 1) throw new Error('transient');
          handled = true;
        });
        await broker.sendMessage(queue, 'once');
        await waitFor('the retry', () => handled);
        assert.equal(attempts, 2);
        assert.deepEqual(await target.takeDeadLetters(broker, queue), []);
      }));

    it('gives each of 200 concurrent RPCs its own reply', () =>
      withBroker(async (broker) => {
        const queue = target.queueName('rpc.concurrent');
        await broker.consumeRPCQueue(queue, async (data) => {
          const { i } = data as { i: number };
          await new Promise((resolve) => setTimeout(resolve, (i * 7) % 13));
          return { doubled: i * 2 };
        });
        const replies = await Promise.all(Array.from({ length: 200 }, (_, i) => broker.sendRPCMessage<{ doubled: number }>(queue, { i })));
        assert.deepEqual(
          replies.map((reply) => reply.doubled),
          Array.from({ length: 200 }, (_, i) => i * 2),
        );
      }));

    it('shares the messages of one queue between two consumers', () =>
      withBroker(async (broker) => {
        const queue = target.queueName('plain.shared');
        const seen = { a: [] as number[], b: [] as number[] };
        const handler = (who: 'a' | 'b') => async (data: unknown) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          seen[who].push(data as number);
        };
        await broker.consumeQueue(queue, handler('a'));
        await broker.consumeQueue(queue, handler('b'));
        await Promise.all(Array.from({ length: 40 }, (_, i) => broker.sendMessage(queue, i)));
        await waitFor('all 40 messages', () => seen.a.length + seen.b.length === 40);
        assert.ok(seen.a.length > 0 && seen.b.length > 0, `both consumers worked (a: ${seen.a.length}, b: ${seen.b.length})`);
        assert.deepEqual([...seen.a, ...seen.b].sort((x, y) => x - y), Array.from({ length: 40 }, (_, i) => i));
      }));

    it('refuses a payload that is not JSON at the sender, naming the queue', () =>
      withBroker(async (broker) => {
        const queue = target.queueName('plain.unserialisable');
        const circular: Record<string, unknown> = {};
        circular.self = circular;
        for (const payload of [{ big: 1n }, circular, { callback: () => 1 }]) {
          await assert.rejects(broker.sendMessage(queue, payload), (error: unknown) => {
            assert.ok(error instanceof UnserialisablePayloadError);
            assert.match(error.message, new RegExp(`"${queue.replace(/[.]/g, '\\.')}"`));
            return true;
          });
        }
        await assert.rejects(broker.sendRPCMessage(queue, { big: 1n }), UnserialisablePayloadError);
      }));

    it('validates queue names', () =>
      withBroker(async (broker) => {
        for (const bad of ['document', 'Document:find', 'a:b:c', ':find', 'document:', 'doc ument:find']) {
          await assert.rejects(broker.sendMessage(bad, {}), InvalidQueueNameError, bad);
          await assert.rejects(broker.sendRPCMessage(bad, {}), InvalidQueueNameError, bad);
          await assert.rejects(broker.consumeQueue(bad, () => undefined), InvalidQueueNameError, bad);
          await assert.rejects(broker.consumeRPCQueue(bad, () => undefined), InvalidQueueNameError, bad);
        }
      }));
  });
}
