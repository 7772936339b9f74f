import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { startEmbeddedMongoThread } from '@lattice/embedded-mongo';
import type { Configs } from '../config/configs-schema.js';

export interface ResolvedMongo {
  url: string;
  description: string;
  stop(): Promise<void>;
}

function mongoUrlFromConfigs(configs: Configs): string | undefined {
  const host = configs.db_server_address;
  if (!host) return undefined;
  const { username, password } = configs.mongo ?? {};
  const credentials = username ? `${encodeURIComponent(username)}:${encodeURIComponent(password ?? '')}@` : '';
  return `mongodb://${credentials}${host}:27017/?authSource=admin&replicaSet=rs0`;
}

export function hideCredentials(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}

/** MONGO_URL, else `db_server_address` from configs.json, else the embedded server with its files in the data directory. */
export async function resolveMongo(configs: Configs, dataDir: string): Promise<ResolvedMongo> {
  const configured = process.env.MONGO_URL ?? mongoUrlFromConfigs(configs);
  if (configured) {
    return { url: configured, description: `MongoDB      ${hideCredentials(configured)}`, stop: async () => undefined };
  }
  const dbPath = join(dataDir, 'mongo');
  await mkdir(dbPath, { recursive: true });
  // On its own thread: database work then runs beside the gateway's and the plugins' event loop, not in it.
  const mongo = await startEmbeddedMongoThread({ dbPath });
  return { url: mongo.uri, description: `MongoDB      ${mongo.uri} (embedded, data in ${dbPath})`, stop: () => mongo.stop() };
}
