import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface RabbitMQVhost {
  /** `baseUrl` with this vhost as its path. */
  url: string;
  remove(): Promise<void>;
}

async function rabbitmqctl(...words: string[]): Promise<void> {
  await run('rabbitmqctl', ['-q', ...words], { timeout: 60_000 });
}

/**
 * A RabbitMQ vhost of one topology's own, made with rabbitmqctl and removed at the end. Two topologies on
 * one vhost share `core:sessions.check` and every other queue: the other run's core answers "unknown
 * session" and the gateway answers 401 (a stale topology from an interrupted run does the same).
 */
export async function createRabbitMQVhost(baseUrl: string): Promise<RabbitMQVhost> {
  const name = `lattice-topology-${randomBytes(4).toString('hex')}`;
  const base = new URL(baseUrl);
  const user = decodeURIComponent(base.username) || 'guest';
  try {
    await rabbitmqctl('add_vhost', name);
    await rabbitmqctl('set_permissions', '-p', name, user, '.*', '.*', '.*');
  } catch (error) {
    const reason = String((error as { stderr?: string }).stderr || (error as Error).message).trim();
    throw new Error(`could not make a RabbitMQ vhost for the services topology with rabbitmqctl (run as root or the rabbitmq user): ${reason}`, { cause: error });
  }
  base.pathname = `/${name}`;
  return {
    url: base.toString(),
    remove: () => rabbitmqctl('delete_vhost', name),
  };
}
