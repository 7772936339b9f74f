import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { CommandInput } from '../command/command.js';
import { dataDirOption, hostOption, listenHost, parsePort, portOption } from '../command/shared-options.js';
import { stopOnSignal } from '../stop-on-signal.js';

export interface DbArguments {
  dataDir: string;
  port: number;
  host?: string;
}

export const summary = 'services mode: the embedded MongoDB-compatible server alone (data in --data-dir)';

export const options = {
  'data-dir': dataDirOption,
  port: portOption('the port (default: 27017)'),
  host: hostOption,
};

export async function run({ values }: CommandInput<typeof options>): Promise<void> {
  await db({ dataDir: values['data-dir'], port: parsePort(values.port ?? '27017'), host: listenHost(values.host) });
}

/**
 * `lattice db`: the embedded MongoDB-compatible server on its own, for a services set-up on one machine without a
 * real MongoDB. Production uses a real replica set `rs0` through MONGO_URL instead.
 */
export async function db(args: DbArguments): Promise<void> {
  // Loaded here, not at the top: `lattice --help` reads every command file and should not load the platform.
  const { startEmbeddedMongo } = await import('@lattice/embedded-mongo');
  const dbPath = join(resolve(args.dataDir), 'mongo');
  await mkdir(dbPath, { recursive: true });
  const mongo = await startEmbeddedMongo({ dbPath, port: args.port, host: args.host ?? '127.0.0.1' });
  console.log(`Lattice database is ready\n  MongoDB      ${mongo.uri} (embedded, data in ${dbPath})\nSet MONGO_URL=${mongo.uri} for \`lattice host\`.`);
  stopOnSignal('db', () => mongo.stop());
}
