import { connect } from 'amqplib';

export const RABBITMQ_URL = process.env.RABBITMQ_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

/** Removes the benchmark's queues (and their `:dead` companions) so runs leave nothing behind. */
export async function deleteQueues(queues: string[]): Promise<void> {
  const connection = await connect(RABBITMQ_URL);
  try {
    const channel = await connection.createChannel();
    for (const queue of queues) {
      await channel.deleteQueue(queue);
      await channel.deleteQueue(`${queue}:dead`);
    }
  } finally {
    await connection.close();
  }
}
