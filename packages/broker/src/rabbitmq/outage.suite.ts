import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { BrokerUnavailableError, connectRabbitMQBroker, type MessageBroker } from '../index.js';
import { RABBITMQ_URL, RabbitAdmin } from '../test-support/rabbitmq.js';
import { TcpProxy } from '../test-support/tcp-proxy.js';
import { waitFor } from '../test-support/wait-for.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** RabbitMQ unreachable for one client (a proxy in between is cut), not closed by the server. */
export function defineOutageSuite(): void {
  describe('RabbitMQ broker while RabbitMQ is unreachable', () => {
    const prefix = `t${randomBytes(4).toString('hex')}`;
    const queues: string[] = [];
    const brokers: MessageBroker[] = [];
    let proxy: TcpProxy;
    let proxiedUrl: string;
    let admin: RabbitAdmin;

    const queueName = (action: string) => {
      const queue = `${prefix}:${action}`;
      queues.push(queue);
      return queue;
    };
    const track = (broker: MessageBroker) => {
      brokers.push(broker);
      return broker;
    };

    before(async () => {
      const target = new URL(RABBITMQ_URL);
      proxy = await TcpProxy.start(target.hostname, Number(target.port || 5672));
      target.hostname = '127.0.0.1';
      target.port = String(proxy.port);
      proxiedUrl = target.toString();
      admin = await RabbitAdmin.open();
    });
    after(async () => {
      await Promise.all(brokers.map((broker) => broker.close()));
      await proxy.close();
      await admin.deleteQueues(queues);
      await admin.close();
    });

    it('holds a send made while disconnected until the reconnect, then delivers it', async () => {
      const queue = queueName('outage.wait');
      const sender = track(await connectRabbitMQBroker({ url: proxiedUrl, reconnectInitialDelayMs: 50, reconnectMaxDelayMs: 200 }));
      const consumer = track(await connectRabbitMQBroker({ url: RABBITMQ_URL }));
      const received: unknown[] = [];
      await consumer.consumeQueue(queue, (data) => {
        received.push(data);
      });
      assert.equal(sender.isConnected(), true);
      proxy.cut();
      let settled = false;
      const send = sender.sendMessage(queue, 'sent while down').finally(() => {
        settled = true;
      });
      await sleep(600);
      assert.equal(settled, false, 'the send waits for the reconnect');
      assert.equal(sender.isConnected(), false, 'a plugin host using it would say it is not ready');
      proxy.restore();
      await send;
      assert.equal(sender.isConnected(), true);
      await waitFor('the message', () => received.length === 1);
      assert.deepEqual(received, ['sent while down']);
    });

    it('fails sends and RPCs loudly once sendWaitMs or the RPC timeout has passed, and recovers afterwards', async () => {
      const queue = queueName('outage.fail');
      const broker = track(await connectRabbitMQBroker({ url: proxiedUrl, sendWaitMs: 300, reconnectInitialDelayMs: 50, reconnectMaxDelayMs: 200 }));
      proxy.cut();
      await assert.rejects(broker.sendMessage(queue, 1), (error: unknown) => {
        assert.ok(error instanceof BrokerUnavailableError);
        assert.match(error.message, new RegExp(`"${queue.replace('.', '\\.')}".*within 300 ms`));
        return true;
      });
      await assert.rejects(broker.sendRPCMessage(queue, 1, { timeoutMs: 300 }), BrokerUnavailableError);
      proxy.restore();
      await waitFor('the reconnect', async () => broker.sendMessage(queue, 2).then(() => true, () => false), 10_000);
      assert.equal((await admin.takeMessages(queue)).length >= 1, true);
    });

    it('refuses to connect when RabbitMQ cannot be reached within connectTimeoutMs', async () => {
      proxy.cut();
      try {
        await assert.rejects(connectRabbitMQBroker({ url: proxiedUrl, connectTimeoutMs: 300, reconnectInitialDelayMs: 50 }), BrokerUnavailableError);
      } finally {
        proxy.restore();
      }
    });
  });
}
