import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { connect, type Channel, type ChannelModel } from 'amqplib';
import { ERROR_HEADER } from '../rabbitmq/queue-consumers.js';
import type { DeadLetterSeen } from './broker-contract.js';

const run = promisify(execFile);

export const RABBITMQ_URL = process.env.RABBITMQ_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

/** Undefined when RabbitMQ answers; otherwise why not. In CI the RabbitMQ suites must not be skipped. */
export async function rabbitmqUnavailableReason(): Promise<string | undefined> {
  try {
    const connection = await connect(RABBITMQ_URL, { timeout: 2000 });
    await connection.close();
    return undefined;
  } catch (error) {
    const reason = `RabbitMQ not reachable at ${RABBITMQ_URL.replace(/\/\/[^@]*@/, '//')}: ${error instanceof Error ? error.message : String(error)}`;
    if (process.env.CI === 'true') throw new Error(`${reason} (required when CI=true)`, { cause: error });
    return reason;
  }
}

/** A plain amqplib connection for what the tests check behind the broker's back. */
export class RabbitAdmin {
  private constructor(
    private readonly connection: ChannelModel,
    private readonly channel: Channel,
  ) {}

  static async open(): Promise<RabbitAdmin> {
    const connection = await connect(RABBITMQ_URL);
    const channel = await connection.createChannel();
    return new RabbitAdmin(connection, channel);
  }

  async takeDeadLetters(queue: string): Promise<DeadLetterSeen[]> {
    const dead: DeadLetterSeen[] = [];
    await this.channel.assertQueue(`${queue}:dead`, { durable: true });
    for (;;) {
      const message = await this.channel.get(`${queue}:dead`, { noAck: true });
      if (!message) return dead;
      const body = JSON.parse(message.content.toString('utf8')) as { data: unknown };
      dead.push({ data: body.data, errorMessage: String(message.properties.headers?.[ERROR_HEADER]) });
    }
  }

  /** Removes and returns the bodies waiting in `queue`. */
  async takeMessages(queue: string): Promise<string[]> {
    const bodies: string[] = [];
    for (;;) {
      const message = await this.channel.get(queue, { noAck: true });
      if (!message) return bodies;
      bodies.push(message.content.toString('utf8'));
    }
  }

  async deleteQueues(queues: Iterable<string>): Promise<void> {
    for (const queue of queues) {
      await this.channel.deleteQueue(queue);
      await this.channel.deleteQueue(`${queue}:dead`);
    }
  }

  async close(): Promise<void> {
    await this.connection.close();
  }
}

/** Whether this machine lets the tests close connections server-side; undefined when it does. */
export async function rabbitmqctlUnavailableReason(): Promise<string | undefined> {
  try {
    await run('rabbitmqctl', ['list_connections', 'pid', '--formatter', 'json', '--quiet'], { timeout: 15_000 });
    return undefined;
  } catch (error) {
    const reason = `rabbitmqctl not usable (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
    if (process.env.CI === 'true') throw new Error(`${reason} (required when CI=true)`, { cause: error });
    return reason;
  }
}

/** Has RabbitMQ itself close every connection whose client named itself `connectionName`; returns how many. */
export async function closeConnectionsNamed(connectionName: string): Promise<number> {
  // The JSON formatter prints pids in a form close_connection does not take, so read the table instead.
  const { stdout } = await run('rabbitmqctl', ['list_connections', 'pid', 'client_properties', '--quiet', '--no-table-headers'], { timeout: 15_000 });
  const matching = stdout
    .split('\n')
    .filter((line) => line.includes(`{"connection_name","${connectionName}"}`))
    .map((line) => ({ pid: line.split('\t')[0] ?? '' }));
  for (const { pid } of matching) {
    await run('rabbitmqctl', ['close_connection', pid, 'fault test: closed by the server'], { timeout: 15_000 });
  }
  return matching.length;
}
