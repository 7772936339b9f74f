import { connectRabbitMQBroker, createInProcessBroker, type MessageBroker } from '@lattice/broker';

const rabbitMQUrl = process.env.RABBITMQ_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

/**
 * RabbitMQ when it is reachable (required when CI=true); otherwise the in-process broker, said in one line.
 */
export async function connectTestBroker(connectionName: string): Promise<{ broker: MessageBroker; kind: string }> {
  try {
    const broker = await connectRabbitMQBroker({ url: rabbitMQUrl, connectionName, connectTimeoutMs: 2_000 });
    return { broker, kind: 'RabbitMQ' };
  } catch (error) {
    if (process.env.CI === 'true') throw new Error('RabbitMQ is required in CI and is not reachable', { cause: error });
    console.log(`# RabbitMQ not reachable at ${rabbitMQUrl} (${(error as Error).message}): the queue tests run on the in-process broker`);
    return { broker: createInProcessBroker(), kind: 'in-process' };
  }
}
