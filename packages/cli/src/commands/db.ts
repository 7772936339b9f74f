import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { startEmbeddedMongo } from '@lattice/embedded-mongo';
import { stopOnSignal } from '../stop-on-signal.js';

export interface DbArguments {
  dataDir: string;
  port: number;
  host?: string;
}

/**
 * `lattice db`: the embedded MongoDB-compatible server on its own, for a services set-up on one machine without a
 * real MongoDB. Production uses a real replica set `rs0` through MONGO_URL instead.
 */
export async function db(args: DbArguments): Promise<void> {
  const dbPath = join(resolve(args.dataDir), 'mongo');
  await mkdir(dbPath, { recursive: true });
  const mongo = await startEmbeddedMongo({ dbPath, port: args.port, host: args.host ?? '127.0.0.1' });
  console.log(`Lattice database is ready\n  MongoDB      ${mongo.uri} (embedded, data in ${dbPath})\nSet MONGO_URL=${mongo.uri} for \`lattice host\`.`);
  stopOnSignal('db', () => mongo.stop());
}
