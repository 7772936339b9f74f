import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { startTracing, type Tracing } from '@lattice/contracts/tracing';
import { connectRabbitMQBroker, type MessageBroker } from '../index.js';
import { RABBITMQ_URL, RabbitAdmin, rabbitmqUnavailableReason } from '../test-support/rabbitmq.js';
import { waitFor } from '../test-support/wait-for.js';

const unavailable = await rabbitmqUnavailableReason();
if (unavailable) console.log(`RabbitMQ trace test skipped: ${unavailable}`);

// Tracing is per process: this file runs in its own (node --test), the other suites untraced.
describe('trace context across RabbitMQ', { skip: unavailable }, () => {
  const exporter = new InMemorySpanExporter();
  const queues: string[] = [];
  const prefix = `t${randomBytes(4).toString('hex')}`;
  let tracing: Tracing | undefined;
  let broker: MessageBroker;
  let admin: RabbitAdmin;

  before(async () => {
    tracing = await startTracing({ service: 'broker-test', exporter });
    broker = await connectRabbitMQBroker({ url: RABBITMQ_URL });
    admin = await RabbitAdmin.open();
  });
  after(async () => {
    await broker?.close();
    await admin?.deleteQueues(queues);
    await admin?.close();
    await tracing?.stop();
  });

  // The batch processor sends every 5 s; waiting for that raced the 5 s waitFor on a busy machine.
  const spans = async () => {
    await tracing!.flush();
    return exporter.getFinishedSpans();
  };

  it('a message carries its sender\'s trace in its headers: the consumer span is the producer span\'s child', async () => {
    const queue = `${prefix}:traced.plain`;
    queues.push(queue);
    const handled: string[] = [];
    await broker.consumeQueue(queue, () => void handled.push('ok'));
    await trace.getTracer('test').startActiveSpan('request', async (span) => {
      await broker.sendMessage(queue, { n: 1 });
      span.end();
    });
    await waitFor('the message handled', () => handled.length === 1);
    await waitFor('the consumer span', async () => (await spans()).some((span) => span.name === `process ${queue}`));
    const all = await spans();
    const producer = all.find((span) => span.name === `send ${queue}`)!;
    const consumer = all.find((span) => span.name === `process ${queue}`)!;
    const request = all.find((span) => span.spanContext().spanId === producer.parentSpanContext?.spanId)!;
    assert.equal(request.name, 'request');
    assert.equal(consumer.spanContext().traceId, producer.spanContext().traceId);
    assert.equal(consumer.parentSpanContext?.spanId, producer.spanContext().spanId);
  });

  it('so does an RPC request: the handler\'s span is the call\'s child', async () => {
    const queue = `${prefix}:traced.rpc`;
    queues.push(queue);
    await broker.consumeRPCQueue(queue, (data) => data);
    const answer = await trace.getTracer('test').startActiveSpan('rpc request', async (span) => {
      try {
        return await broker.sendRPCMessage(queue, { n: 2 });
      } finally {
        span.end();
      }
    });
    assert.deepEqual(answer, { n: 2 });
    await waitFor('the consumer span', async () => (await spans()).some((span) => span.name === `process ${queue}`));
    const all = await spans();
    const call = all.find((span) => span.name === `call ${queue}`)!;
    const handler = all.find((span) => span.name === `process ${queue}`)!;
    assert.equal(handler.parentSpanContext?.spanId, call.spanContext().spanId);
  });
});
