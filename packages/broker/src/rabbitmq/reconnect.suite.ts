import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { connectRabbitMQBroker, type MessageBroker } from '../index.js';
import { RABBITMQ_URL, RabbitAdmin, closeConnectionsNamed } from '../test-support/rabbitmq.js';
import { waitFor } from '../test-support/wait-for.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Stream {
  stop(): Promise<void>;
}

/** Keeps `workers` loops calling `step(i)` with increasing i until stopped, or until 100 steps have failed. */
function stream(workers: number, step: (i: number) => Promise<boolean>): Stream {
  let running = true;
  let next = 0;
  let failures = 0;
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      if (!(await step(next++))) failures += 1;
      if (failures >= 100) running = false;
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

export function defineReconnectSuite(): void {
  const prefix = `t${randomBytes(4).toString('hex')}`;
  const plainQueue = `${prefix}:fault.plain`;
  const rpcQueue = `${prefix}:fault.rpc`;
  const redeliveredRpcQueue = `${prefix}:fault.redelivered`;
  let admin: RabbitAdmin;
  const brokers: MessageBroker[] = [];

  async function connectNamed(connectionName: string): Promise<MessageBroker> {
    const broker = await connectRabbitMQBroker({ url: RABBITMQ_URL, connectionName, reconnectInitialDelayMs: 50, retryDelayMs: 5 });
    brokers.push(broker);
    return broker;
  }

  before(async () => {
    admin = await RabbitAdmin.open();
  });
  after(async () => {
    await Promise.all(brokers.map((broker) => broker.close()));
    await admin.deleteQueues([plainQueue, rpcQueue, redeliveredRpcQueue]);
    await admin.close();
  });

  describe('RabbitMQ broker when the server closes its connection', () => {
    it('reconnects, resumes its consumers, delivers every confirmed message and fails the RPCs in flight', { timeout: 30_000 }, async (t) => {
      const name = `lattice-fault-${prefix}-a`;
      const broker = await connectNamed(name);
      const delivered = new Set<number>();
      await broker.consumeQueue(plainQueue, (data) => {
        delivered.add(data as number);
      });
      await broker.consumeRPCQueue(rpcQueue, async (data) => {
        await sleep(100);
        return data;
      });

      const confirmed = new Set<number>();
      const sendFailures: unknown[] = [];
      const sends = stream(8, async (i) => {
        try {
          await broker.sendMessage(plainQueue, i);
          confirmed.add(i);
          return true;
        } catch (error) {
          sendFailures.push(error);
          return false;
        }
      });
      const rpcOutcomes: Array<{ at: number; outcome: string }> = [];
      const calls = stream(8, async (i) => {
        try {
          assert.equal(await broker.sendRPCMessage(rpcQueue, i, { timeoutMs: 5000 }), i);
          rpcOutcomes.push({ at: Date.now(), outcome: 'ok' });
          return true;
        } catch (error) {
          rpcOutcomes.push({ at: Date.now(), outcome: error instanceof Error ? error.name : String(error) });
          return false;
        }
      });

      const before = { confirmed: 0, killedAt: 0 };
      try {
        await sleep(500);
        before.confirmed = confirmed.size;
        assert.equal(await closeConnectionsNamed(name), 1, 'the server closed the client connection');
        before.killedAt = Date.now();
        await sleep(1500);
      } finally {
        await Promise.all([sends.stop(), calls.stop()]);
      }

      assert.deepEqual(sendFailures, [], 'sends made across the reconnect waited for it');
      assert.ok(confirmed.size > before.confirmed + 10, 'sends went on after the reconnect');
      await waitFor('every confirmed message to be delivered', () => [...confirmed].every((i) => delivered.has(i)), 10_000);

      const count = (outcome: string) => rpcOutcomes.filter((entry) => entry.outcome === outcome).length;
      t.diagnostic(`sends confirmed ${confirmed.size} (${before.confirmed} before the close), all delivered; RPCs ok ${count('ok')}, lost in flight ${count('BrokerConnectionLostError')}`);
      const outcomes = new Set(rpcOutcomes.map(({ outcome }) => outcome));
      assert.deepEqual([...outcomes].sort(), ['BrokerConnectionLostError', 'ok'], 'RPCs either succeed or fail as lost; none times out');
      assert.ok(rpcOutcomes.some(({ at, outcome }) => outcome === 'ok' && at > before.killedAt + 100), 'RPCs succeed again after the reconnect');
      assert.equal(await closeConnectionsNamed(name), 1, 'the client is connected again');
      await broker.close();
    });

    it('answers RPCs whose consumer lost its connection once the consumer is back (requests are at-least-once)', { timeout: 30_000 }, async () => {
      const consumerName = `lattice-fault-${prefix}-consumer`;
      const plugin = await connectNamed(consumerName);
      const caller = await connectNamed(`lattice-fault-${prefix}-caller`);
      let handled = 0;
      let killed = false;
      await plugin.consumeRPCQueue(redeliveredRpcQueue, async (data) => {
        handled += 1;
        // Requests taken before the kill finish after it, when their replies and acks can no longer go out.
        await waitFor('the kill', () => killed, 10_000);
        return { echo: data };
      });
      const replies = Promise.all(Array.from({ length: 20 }, (_, i) => caller.sendRPCMessage(redeliveredRpcQueue, i, { timeoutMs: 10_000 })));
      await waitFor('the consumer to take every request', () => handled === 20);
      assert.equal(await closeConnectionsNamed(consumerName), 1);
      killed = true;
      assert.deepEqual(
        await replies,
        Array.from({ length: 20 }, (_, i) => ({ echo: i })),
      );
      assert.equal(handled, 40, 'every request in flight was delivered again after the reconnect');
    });
  });
}
