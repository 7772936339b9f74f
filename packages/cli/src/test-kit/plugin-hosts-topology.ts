import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRabbitMQVhost, type RabbitMQVhost } from './rabbitmq-vhost.js';
import { freePort, startRole, type RoleProcess } from './role-process.js';
import { withMongoPassword } from './services-topology.js';

/** A plugin's entry in configs.json (`db_name` as the logs plugin has it). */
export interface TopologyPlugin {
  name: string;
  db_name?: string;
}

export interface PluginHostsTopology {
  gatewayUrl: string;
  mongoUrl: string;
  owner: { email: string; password: string };
  /** Every role now running: db, one host per plugin (core first), gateway. */
  roles: RoleProcess[];
  stop(): Promise<void>;
}

/**
 * A small services topology, each role its own OS process: `lattice db`, one `lattice host <plugin>` for core and
 * for each plugin given (enabled in configs.json as given), and `lattice gateway`, on RabbitMQ (a vhost of its
 * own) and Redis (channels under a prefix of its own). For a test about a few plugins across processes, where
 * the whole services topology (frontend, imap, two documents hosts…) would only load the machine.
 */
export async function startPluginHostsTopology(plugins: TopologyPlugin[]): Promise<PluginHostsTopology> {
  const dir = await mkdtemp(join(tmpdir(), 'lattice-hosts-'));
  const configFile = join(dir, 'configs.json');
  const mongo = { username: 'lattice', password: randomBytes(18).toString('base64url') };
  await writeFile(configFile, JSON.stringify({ jwt_token_secret: '<JWT_SECRET>', domain: 'http://localhost:3000', plugins, mongo }));
  const owner = { email: `owner-${randomBytes(3).toString('hex')}@lattice.test`, password: randomBytes(12).toString('base64url') };
  const roles: RoleProcess[] = [];
  let vhost: RabbitMQVhost | undefined;
  const stop = async () => {
    await Promise.all([...roles].reverse().map((role) => role.stop('SIGKILL')));
    await vhost?.remove();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    vhost = await createRabbitMQVhost(process.env.RABBITMQ_URL || 'amqp://guest:guest@127.0.0.1:5672');
    const common = ['--config', configFile, '--data-dir', dir];
    const db = await startRole('db', ['db', '--port', '0', ...common], {});
    roles.push(db);
    const mongoUrl = withMongoPassword(db.urlOf('MongoDB'), mongo.password);
    const env: NodeJS.ProcessEnv = {
      MONGO_URL: mongoUrl,
      RABBITMQ_URL: vhost.url,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      LATTICE_REDIS_PREFIX: `lattice-test-${randomBytes(4).toString('hex')}:`,
      JWT_TOKEN_SECRET: randomBytes(48).toString('base64url'),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      LATTICE_OWNER_EMAIL: owner.email,
      LATTICE_OWNER_PASSWORD: owner.password,
    };
    const names = ['core', ...plugins.map((plugin) => plugin.name)];
    const ports = await Promise.all(names.map(() => freePort()));
    // Each host is stopped with the rest if another fails to start: one left running keeps this process alive.
    await Promise.all(
      names.map(async (name, index) => {
        roles.push(await startRole(name, ['host', name, '--port', String(ports[index]), ...common], env));
      }),
    );
    const pluginUrls = names.map((name, index) => `${name}=http://127.0.0.1:${ports[index]}`).join(';');
    const gateway = await startRole('gateway', ['gateway', '--port', '0', '--integrations-port', '0', ...common], { ...env, LATTICE_PLUGIN_URLS: pluginUrls });
    roles.push(gateway);
    return { gatewayUrl: gateway.urlOf('GraphQL').replace(/\/graphql$/, ''), mongoUrl, owner, roles, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
