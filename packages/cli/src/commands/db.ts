import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { CommandInput } from '../command/command.js';
import { configOption, dataDirOption, hostOption, listenHost, parsePort, portOption } from '../command/shared-options.js';
import { loadConfigs } from '../config/load-configs.js';
import { resolveEmbeddedMongoUser } from '../platform/embedded-mongo-user.js';
import { hidePassword } from '../platform/resolve-mongo.js';
import { stopOnSignal } from '../stop-on-signal.js';

export interface DbArguments {
  configFile: string;
  dataDir: string;
  port: number;
  host?: string;
}

export const summary = 'services mode: the embedded MongoDB-compatible server alone (data in --data-dir)';

export const details =
  "Clients authenticate (SCRAM-SHA-256, authSource=admin) as configs.json's mongo.username/mongo.password, or, when those are placeholders, " +
  'as a user generated once and kept in <data-dir>/mongo-user.json. Listening beyond loopback (--host) needs the configured user.';

export const options = {
  config: configOption,
  'data-dir': dataDirOption,
  port: portOption('the port (default: 27017)'),
  host: hostOption,
};

export async function run({ values }: CommandInput<typeof options>): Promise<void> {
  await db({ configFile: values.config, dataDir: values['data-dir'], port: parsePort(values.port ?? '27017'), host: listenHost(values.host) });
}

/**
 * `lattice db`: the embedded MongoDB-compatible server on its own, for a services set-up on one machine without a
 * real MongoDB. Production uses a real replica set `rs0` through MONGO_URL instead.
 */
export async function db(args: DbArguments): Promise<void> {
  // Loaded here, not at the top: `lattice --help` reads every command file and should not load the platform.
  const { isLoopbackHost, startEmbeddedMongo } = await import('@lattice/embedded-mongo');
  const host = args.host ?? '127.0.0.1';
  const configs = await loadConfigs(resolve(args.configFile));
  const dataDir = resolve(args.dataDir);
  const { user, passwordFrom, configured } = await resolveEmbeddedMongoUser(configs, dataDir);
  if (!configured && !isLoopbackHost(host)) {
    throw new Error(
      `lattice db --host ${host} would open the database beyond this machine with no credentials configured: ` +
        `set mongo.username and mongo.password in ${args.configFile} (a long random password) before listening on ${host}, or keep the default 127.0.0.1`,
    );
  }
  const dbPath = join(dataDir, 'mongo');
  await mkdir(dbPath, { recursive: true });
  const mongo = await startEmbeddedMongo({ dbPath, port: args.port, host, user });
  const shown = hidePassword(mongo.uri);
  console.log(
    `Lattice database is ready\n  MongoDB      ${shown} (embedded, data in ${dbPath})\n  User         ${user.username}, password: ${passwordFrom}\n` +
      `Set MONGO_URL=${shown.replace(':***@', ':<password>@')} for \`lattice host\`.`,
  );
  stopOnSignal('db', () => mongo.stop());
}
