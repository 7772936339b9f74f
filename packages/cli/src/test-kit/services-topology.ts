import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRabbitMQVhost, type RabbitMQVhost } from './rabbitmq-vhost.js';
import { freePort, startRole, type RoleProcess } from './role-process.js';

/** A plugin's entry in configs.json, as `lattice frontend` reads it. */
export interface FrontendPluginEntry {
  name: string;
  ui?: 'local' | 'remote';
  ui_url?: string;
}

export interface ServicesTopologyOptions {
  /** How many documents hosts to start at once (default 2); the gateway also lists one spare address. */
  documentsHosts?: number;
  /** The plugins `lattice frontend` serves the UI of (default: every plugin of the topology). */
  frontendPlugins?: FrontendPluginEntry[];
  /** Extra environment for every role (for example LOG_LEVEL). */
  env?: NodeJS.ProcessEnv;
  /** Also the messenger plugin (a host of its own, enabled in configs.json) and `lattice widgets` in front of it. */
  messenger?: boolean;
  /** configs.json's `limits` block, read by the gateway and every host. */
  limits?: Record<string, number>;
}

export interface ServicesTopology {
  /** The MongoDB URL of the run's `lattice db`, for seeding data. */
  mongoUrl: string;
  owner: { email: string; password: string };
  frontendUrl: string;
  /** `lattice frontend`'s phone app port, as the reverse proxy's `/mobile-app/` reaches it (`…/mobile-app/`). */
  mobileUrl: string;
  gatewayUrl: string;
  integrationsUrl: string;
  /** `lattice widgets`' address, when the topology runs the messenger. */
  widgetsUrl?: string;
  /** The documents hosts now running, in start order. */
  documents: RoleProcess[];
  /** Every other role: db, core, contacts-inbox, imap, (messenger,) gateway, frontend, (widgets). */
  others: RoleProcess[];
  /** Starts one more documents host on the spare address the gateway already lists. */
  startSpareDocumentsHost(): Promise<RoleProcess>;
  /** Stops the host of `core` or `imap` (each runs alone) with SIGTERM; resolves once the gateway sees it down. */
  stopPluginHost(name: SoloPlugin): Promise<void>;
  /** Starts that host again on its address; resolves once the gateway routes to it. */
  startPluginHost(name: SoloPlugin): Promise<void>;
  /** Restarts only `lattice frontend`, on the same address, with these plugins in its configs.json. */
  restartFrontend(plugins: FrontendPluginEntry[]): Promise<void>;
  stop(): Promise<void>;
}

type SoloPlugin = 'core' | 'imap';

const plugins: FrontendPluginEntry[] = [{ name: 'documents', ui: 'local' }, { name: 'contacts' }, { name: 'inbox', ui: 'local' }, { name: 'imap', ui: 'local' }];
const baseConfigs = { jwt_token_secret: '<JWT_SECRET>', domain: 'http://localhost:3000', plugins };

/** A URL `lattice db` or `lattice start` printed (`user:***@`), with the password put back. */
export function withMongoPassword(printedUrl: string, password: string): string {
  if (!printedUrl.includes(':***@')) throw new Error(`expected a MongoDB URL with a hidden password, got ${printedUrl}`);
  return printedUrl.replace(':***@', `:${encodeURIComponent(password)}@`);
}

/**
 * The services topology of the services-mode issue, each role its own OS process on 127.0.0.1: `lattice db`
 * (a database of this run's own), `lattice host core`, two `lattice host documents` (a spare address is listed
 * for a host that joins later), `lattice host contacts inbox`, `lattice host imap`, `lattice gateway` and
 * `lattice frontend`, on Redis (channels under a prefix of the topology's own) and RabbitMQ (a vhost of the
 * topology's own on RABBITMQ_URL's server, removed at stop).
 */
export async function startServicesTopology(options: ServicesTopologyOptions = {}): Promise<ServicesTopology> {
  const documentsHosts = options.documentsHosts ?? 2;
  const withMessenger = options.messenger ?? false;
  const configs = withMessenger ? { ...baseConfigs, plugins: [...baseConfigs.plugins, { name: 'messenger', ui: 'local' as const }] } : baseConfigs;
  const dir = await mkdtemp(join(tmpdir(), 'lattice-services-'));
  const configFile = join(dir, 'configs.json');
  const frontendConfigFile = join(dir, 'frontend-configs.json');
  // The run's database requires this user, as a services set-up's `lattice db` does.
  const mongo = { username: 'lattice', password: randomBytes(18).toString('base64url') };
  await writeFile(configFile, JSON.stringify({ ...configs, mongo, ...(options.limits ? { limits: options.limits } : {}) }));
  const writeFrontendConfigs = (plugins: FrontendPluginEntry[]) => writeFile(frontendConfigFile, JSON.stringify({ ...configs, plugins }));
  await writeFrontendConfigs(options.frontendPlugins ?? configs.plugins);
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
      // Redis channels of the topology's own, as its vhost is: another run's events must not reach its subscriptions.
      LATTICE_REDIS_PREFIX: `lattice-test-${randomBytes(4).toString('hex')}:`,
      JWT_TOKEN_SECRET: randomBytes(48).toString('base64url'),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      LATTICE_OWNER_EMAIL: owner.email,
      LATTICE_OWNER_PASSWORD: owner.password,
      ...options.env,
    };
    const [corePort, imapPort, spare, contactsInboxPort, frontendPort, mobilePort, messengerPort, ...documentsPorts] = await Promise.all(
      Array.from({ length: 7 + documentsHosts }, () => freePort()),
    );
    const host = (name: string, plugins: string[], port: number) => startRole(name, ['host', ...plugins, '--port', String(port), ...common], env);
    const soloPorts: Record<SoloPlugin, number> = { core: corePort!, imap: imapPort! };
    const solo = new Map<SoloPlugin, RoleProcess>();
    // Each host is stopped with the rest if another fails to start: one left running keeps this process alive.
    const tracked = async (starting: Promise<RoleProcess>) => {
      const role = await starting;
      roles.push(role);
      return role;
    };
    const [core, contactsInbox, imap, ...hosted] = await Promise.all([
      tracked(host('core', ['core'], corePort!)),
      // contacts and inbox take this port and the one after it.
      tracked(host('contacts inbox', ['contacts', 'inbox'], contactsInboxPort!)),
      tracked(host('imap', ['imap'], imapPort!)),
      ...(withMessenger ? [tracked(host('messenger', ['messenger'], messengerPort!))] : []),
      ...documentsPorts.map((port, index) => tracked(host(`documents ${index + 1}`, ['documents'], port))),
    ]);
    const documents = withMessenger ? hosted.slice(1) : hosted;
    solo.set('core', core!).set('imap', imap!);
    const url = (port: number) => `http://127.0.0.1:${port}`;
    const gatewayEnv = {
      ...env,
      LATTICE_PLUGIN_URLS: [
        `core=${url(corePort!)}`,
        `documents=${[...documentsPorts, spare!].map(url).join(',')}`,
        `contacts=${contactsInbox!.urlOf('contacts')}`,
        `inbox=${contactsInbox!.urlOf('inbox')}`,
        `imap=${url(imapPort!)}`,
        ...(withMessenger ? [`messenger=${url(messengerPort!)}`] : []),
      ].join(';'),
    };
    const gateway = await startRole('gateway', ['gateway', '--port', '0', '--integrations-port', '0', ...common], gatewayEnv);
    roles.push(gateway);
    const gatewayUrl = gateway.urlOf('GraphQL').replace(/\/graphql$/, '');
    const startFrontend = () =>
      startRole('frontend', ['frontend', '--port', String(frontendPort), '--mobile-port', String(mobilePort), '--gateway-url', gatewayUrl, '--config', frontendConfigFile], env);
    let frontend = await startFrontend();
    roles.push(frontend);
    const widgets = withMessenger ? await startRole('widgets', ['widgets', '--port', '0', '--config', configFile], env) : undefined;
    if (widgets) roles.push(widgets);
    const replace = (old: RoleProcess, next: RoleProcess) => roles.splice(roles.indexOf(old), 1, next);
    return {
      mongoUrl,
      owner,
      frontendUrl: frontend.urlOf('UI'),
      mobileUrl: frontend.urlOf('Mobile app'),
      gatewayUrl,
      integrationsUrl: gateway.urlOf('Integrations').replace(/\/<integration>$/, ''),
      widgetsUrl: widgets?.urlOf('Widgets').replace(/\/messenger\.js$/, ''),
      documents,
      get others() {
        return roles.filter((role) => !documents.includes(role));
      },
      startSpareDocumentsHost: async () => {
        const joined = await host('documents (joined)', ['documents'], spare!);
        roles.push(joined);
        documents.push(joined);
        return joined;
      },
      stopPluginHost: async (name) => {
        await solo.get(name)!.stop('SIGTERM');
        await untilGatewaySees(gatewayUrl, name, 'down');
      },
      startPluginHost: async (name) => {
        const stopped = solo.get(name)!;
        if (stopped.child.exitCode === null && stopped.child.signalCode === null) return;
        const started = await host(name, [name], soloPorts[name]);
        replace(stopped, started);
        solo.set(name, started);
        await untilGatewaySees(gatewayUrl, name, 'up');
      },
      restartFrontend: async (plugins) => {
        await frontend.stop('SIGTERM');
        await writeFrontendConfigs(plugins);
        const restarted = await startFrontend();
        replace(frontend, restarted);
        frontend = restarted;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Polls the gateway's /health until it reports `plugin` up or down (its probes run every second or two). */
async function untilGatewaySees(gatewayUrl: string, plugin: string, status: 'up' | 'down', timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    const health = (await (await fetch(`${gatewayUrl}/health`)).json()) as { plugins?: Record<string, string> };
    last = health.plugins?.[plugin];
    if (last === status) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the gateway did not see ${plugin} ${status} within ${timeoutMs} ms (last: ${String(last)})`);
}
