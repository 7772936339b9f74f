import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { connect, type Channel, type ChannelModel, type ConsumeMessage } from 'amqplib';
import { connectRabbitMQBroker, type MessageBroker } from '../index.js';
import { RABBITMQ_URL, RabbitAdmin } from '../test-support/rabbitmq.js';
import { waitFor } from '../test-support/wait-for.js';


/** What a plain amqplib client using direct reply-to gets back from `queue`. */
async function callWithDirectReplyTo(channel: Channel, queue: string, body: string, correlationId: string): Promise<ConsumeMessage> {
  return new Promise((resolve, reject) => {
    channel
      .consume('amq.rabbitmq.reply-to', (message) => (message ? resolve(message) : reject(new Error('reply consumer cancelled'))), { noAck: true })
      .then(() => channel.sendToQueue(queue, Buffer.from(body), { replyTo: 'amq.rabbitmq.reply-to', correlationId }))
      .catch(reject);
  });
}

export function defineWireInteropSuite(): void {
  describe('RabbitMQ wire format, seen by a plain AMQP client', () => {
    const prefix = `t${randomBytes(4).toString('hex')}`;
    const queues: string[] = [];
    let broker: MessageBroker;
    let admin: RabbitAdmin;
    let raw: ChannelModel;

    const queueName = (action: string) => {
      const queue = `${prefix}:${action}`;
      queues.push(queue);
      return queue;
    };

    before(async () => {
      broker = await connectRabbitMQBroker({ url: RABBITMQ_URL });
      admin = await RabbitAdmin.open();
      raw = await connect(RABBITMQ_URL);
    });
    after(async () => {
      await broker.close();
      await raw.close();
      await admin.deleteQueues(queues);
      await admin.close();
    });

    it('answers a direct reply-to request with the JSON reply and its correlation id', async () => {
      const queue = queueName('interop.echo');
      await broker.consumeRPCQueue(queue, (data, meta) => {
        if ((data as { fail?: boolean }).fail) throw new Error('Document not found');
        return { data, subdomain: meta.subdomain };
      });
      const success = await callWithDirectReplyTo(await raw.createChannel(), queue, '{"subdomain":"acme","data":{"id":1}}', 'call-1');
      assert.equal(success.properties.correlationId, 'call-1');
      assert.deepEqual(JSON.parse(success.content.toString()), { status: 'success', data: { data: { id: 1 }, subdomain: 'acme' } });
      const failure = await callWithDirectReplyTo(await raw.createChannel(), queue, '{"data":{"fail":true}}', 'call-2');
      assert.equal(failure.properties.correlationId, 'call-2');
      assert.deepEqual(JSON.parse(failure.content.toString()), { status: 'error', errorMessage: 'Document not found' });
    });

    it('publishes plain messages as persistent JSON {subdomain, data}', async () => {
      const queue = queueName('interop.plain');
      await broker.sendMessage(queue, { name: 'Invoice' }, { subdomain: 'acme' });
      const channel = await raw.createChannel();
      const message = await channel.get(queue, { noAck: true });
      assert.ok(message, 'the message is in the queue');
      assert.deepEqual(JSON.parse(message.content.toString()), { subdomain: 'acme', data: { name: 'Invoice' } });
      assert.equal(message.properties.deliveryMode, 2);
      assert.equal(message.properties.contentType, 'application/json');
    });

    it('declares a queue deleted behind its back again instead of losing the message', async () => {
      const queue = queueName('interop.deleted');
      await broker.sendMessage(queue, 'first');
      const channel = await raw.createChannel();
      await channel.deleteQueue(queue);
      await broker.sendMessage(queue, 'second');
      const message = await channel.get(queue, { noAck: true });
      assert.ok(message, 'the queue exists again and holds the message');
      assert.deepEqual(JSON.parse(message.content.toString()), { data: 'second' });
    });

    it('keeps consuming a queue deleted behind its back', async () => {
      const queue = queueName('interop.consumed');
      const received: unknown[] = [];
      await broker.consumeQueue(queue, (data) => {
        received.push(data);
      });
      await (await raw.createChannel()).deleteQueue(queue);
      await broker.sendMessage(queue, 'after the delete');
      await waitFor('the message sent after the delete', () => received.length === 1);
      assert.deepEqual(received, ['after the delete']);
    });

    it('takes the reply of a consumer written with plain amqplib', async () => {
      const queue = queueName('interop.foreign');
      const channel = await raw.createChannel();
      await channel.assertQueue(queue, { durable: true });
      await channel.consume(queue, (message) => {
        if (!message) return;
        const { data } = JSON.parse(message.content.toString()) as { data: { n: number } };
        const reply = data.n < 0 ? { status: 'error', errorMessage: 'negative' } : { status: 'success', data: data.n * 2 };
        channel.sendToQueue(String(message.properties.replyTo), Buffer.from(JSON.stringify(reply)), { correlationId: message.properties.correlationId });
        channel.ack(message);
      });
      assert.equal(await broker.sendRPCMessage(queue, { n: 21 }), 42);
      await assert.rejects(broker.sendRPCMessage(queue, { n: -1 }), { name: 'BrokerReplyError', message: 'negative' });
    });
  });
}
