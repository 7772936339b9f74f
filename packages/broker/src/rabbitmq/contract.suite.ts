import { randomBytes } from 'node:crypto';
import { after, before } from 'node:test';
import { connectRabbitMQBroker } from '../index.js';
import { runBrokerContract } from '../test-support/broker-contract.js';
import { RABBITMQ_URL, RabbitAdmin } from '../test-support/rabbitmq.js';

export function defineContractSuite(): void {
  const prefix = `t${randomBytes(4).toString('hex')}`;
  const queues = new Set<string>();
  let admin: RabbitAdmin;

  before(async () => {
    admin = await RabbitAdmin.open();
  });
  after(async () => {
    await admin.deleteQueues(queues);
    await admin.close();
  });

  runBrokerContract({
    name: 'RabbitMQ',
    createBroker: (options) => connectRabbitMQBroker({ url: RABBITMQ_URL, connectionName: `lattice-test-${prefix}`, ...options }),
    queueName: (action) => {
      const queue = `${prefix}:${action}`;
      queues.add(queue);
      return queue;
    },
    takeDeadLetters: (_broker, queue) => admin.takeDeadLetters(queue),
  });
}
