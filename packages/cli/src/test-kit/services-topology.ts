import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startRole, type RoleProcess } from './role-process.js';

export interface ServicesTopologyOptions {
  /** How many documents hosts to start at once (default 2); the gateway also lists one spare address. */
  documentsHosts?: number;
  /** Extra environment for every role (for example LOG_LEVEL). */
  env?: NodeJS.ProcessEnv;
}

export interface ServicesTopology {
  /** The MongoDB URL of the run's `lattice db`, for seeding data. */
  mongoUrl: string;
  owner: { email: string; password: string };
  frontendUrl: string;
  gatewayUrl: string;
  integrationsUrl: string;
  /** The documents hosts now running, in start order. */
  documents: RoleProcess[];
  /** Every other role: db, core, contacts-inbox-imap, gateway, frontend. */
  others: RoleProcess[];
  /** Starts one more documents host on the spare address the gateway already lists. */
  startSpareDocumentsHost(): Promise<RoleProcess>;
  stop(): Promise<void>;
}

const configs = {
  jwt_token_secret: '<JWT_SECRET>',
  domain: 'http://localhost:3000',
  plugins: [{ name: 'documents', ui: 'local' }, { name: 'contacts' }, { name: 'inbox', ui: 'local' }, { name: 'imap', ui: 'local' }],
};

/**
 * The services topology of the services-mode issue, each role its own OS process on 127.0.0.1: `lattice db`
 * (a database of this run's own), `lattice host core`, two `lattice host documents` (a spare address is listed
 * for a host that joins later), `lattice host contacts inbox imap`, `lattice gateway` and `lattice frontend`, on
 * RabbitMQ (RABBITMQ_URL: the test run's own vhost) and Redis.
 */
export async function startServicesTopology(options: ServicesTopologyOptions = {}): Promise<ServicesTopology> {
  const documentsHosts = options.documentsHosts ?? 2;
  const dir = await mkdtemp(join(tmpdir(), 'lattice-services-'));
  const configFile = join(dir, 'configs.json');
  await writeFile(configFile, JSON.stringify(configs));
  const owner = { email: `owner-${randomBytes(3).toString('hex')}@lattice.test`, password: randomBytes(12).toString('base64url') };
  const roles: RoleProcess[] = [];
  const stop = async () => {
    await Promise.all([...roles].reverse().map((role) => role.stop('SIGKILL')));
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const common = ['--config', configFile, '--data-dir', dir];
    const db = await startRole('db', ['db', '--port', '0', '--data-dir', dir], {});
    roles.push(db);
    const env: NodeJS.ProcessEnv = {
      MONGO_URL: db.urlOf('MongoDB'),
      RABBITMQ_URL: process.env.RABBITMQ_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      JWT_TOKEN_SECRET: randomBytes(48).toString('base64url'),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      LATTICE_OWNER_EMAIL: owner.email,
      LATTICE_OWNER_PASSWORD: owner.password,
      ...options.env,
    };
    const [corePort, spare, integrationsHostPort, ...documentsPorts] = await Promise.all(
      Array.from({ length: 3 + documentsHosts }, () => freePort()),
    );
    const host = (name: string, plugins: string[], port: number) => startRole(name, ['host', ...plugins, '--port', String(port), ...common], env);
    const [core, integrationsHost, ...documents] = await Promise.all([
      host('core', ['core'], corePort!),
      // contacts, inbox and imap take this port and the two after it.
      host('contacts inbox imap', ['contacts', 'inbox', 'imap'], integrationsHostPort!),
      ...documentsPorts.map((port, index) => host(`documents ${index + 1}`, ['documents'], port)),
    ]);
    roles.push(core!, integrationsHost!, ...documents);
    const url = (port: number) => `http://127.0.0.1:${port}`;
    const gatewayEnv = {
      ...env,
      LATTICE_PLUGIN_URLS: [
        `core=${url(corePort!)}`,
        `documents=${[...documentsPorts, spare!].map(url).join(',')}`,
        `contacts=${integrationsHost!.urlOf('contacts')}`,
        `inbox=${integrationsHost!.urlOf('inbox')}`,
        `imap=${integrationsHost!.urlOf('imap')}`,
      ].join(';'),
    };
    const gateway = await startRole('gateway', ['gateway', '--port', '0', '--integrations-port', '0', ...common], gatewayEnv);
    roles.push(gateway);
    const gatewayUrl = gateway.urlOf('GraphQL').replace(/\/graphql$/, '');
    const frontend = await startRole('frontend', ['frontend', '--port', '0', '--gateway-url', gatewayUrl, ...common], env);
    roles.push(frontend);
    return {
      mongoUrl: db.urlOf('MongoDB'),
      owner,
      frontendUrl: frontend.urlOf('UI'),
      gatewayUrl,
      integrationsUrl: gateway.urlOf('Integrations').replace(/\/<integration>$/, ''),
      documents,
      others: roles.filter((role) => !documents.includes(role)),
      startSpareDocumentsHost: async () => {
        const joined = await host('documents (joined)', ['documents'], spare!);
        roles.push(joined);
        documents.push(joined);
        return joined;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
