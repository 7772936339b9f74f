import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, it } from 'node:test';
import { connectRabbitMQBroker, type MessageBroker } from '@lattice/broker';
import { startTestPlatform, type TestPlatform } from '@lattice/platform/test-kit';
import { connect, type ChannelModel } from 'amqplib';
import { documentsPlugin } from '../plugin.js';

const rabbitMQUrl = process.env.RABBITMQ_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

async function unavailableReason(): Promise<string | undefined> {
  try {
    const connection = await connect(rabbitMQUrl, { timeout: 2000 });
    await connection.close();
    return undefined;
  } catch (error) {
    if (process.env.CI === 'true') throw new Error('RabbitMQ is required in CI and is not reachable', { cause: error });
    return `RabbitMQ not reachable at 127.0.0.1:5672 (${(error as Error).message})`;
  }
}

const skip = await unavailableReason();
if (skip) console.log(`# skipping the amqplib interoperability test: ${skip}`);

let broker: MessageBroker;
let platform: TestPlatform;
let client: ChannelModel;

before(async () => {
  if (skip) return;
  broker = await connectRabbitMQBroker({ url: rabbitMQUrl, connectionName: 'documents-interop-test' });
  platform = await startTestPlatform({ plugins: [documentsPlugin], broker });
  client = await connect(rabbitMQUrl);
});
after(async () => {
  await client?.close();
  await platform?.stop();
  await broker?.close();
});

it('answers document:find from a plain amqplib client speaking the documented wire format', { skip }, async () => {
  await platform.graphql('mutation { documentsAdd(name: "Visible over AMQP", order: 1) { _id } }');
  const channel = await client.createChannel();
  const correlationId = randomUUID();
  const reply = new Promise<{ correlationId: unknown; body: unknown }>((resolve) => {
    void channel.consume(
      'amq.rabbitmq.reply-to',
      (message) => {
        if (message) resolve({ correlationId: message.properties.correlationId, body: JSON.parse(message.content.toString('utf8')) });
      },
      { noAck: true },
    );
  });
  channel.sendToQueue('document:find', Buffer.from(JSON.stringify({ data: {} })), {
    replyTo: 'amq.rabbitmq.reply-to',
    correlationId,
    contentType: 'application/json',
  });
  const { correlationId: repliedId, body } = await reply;
  assert.equal(repliedId, correlationId);
  const { status, data } = body as { status: string; data: Array<{ name: string; createdAt: string }> };
  assert.equal(status, 'success');
  const document = data.find((entry) => entry.name === 'Visible over AMQP');
  assert.ok(document, JSON.stringify(data));
  assert.match(document.createdAt, /^\d{4}-\d\d-\d\dT/);
});
