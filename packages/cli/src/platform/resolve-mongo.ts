import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { startEmbeddedMongoThread } from '@lattice/embedded-mongo';
import type { Configs } from '../config/configs-schema.js';
import { serviceUrls } from '../services/service-urls.js';
import { resolveEmbeddedMongoUser } from './embedded-mongo-user.js';

export interface ResolvedMongo {
  url: string;
  description: string;
  stop(): Promise<void>;
}

export function hideCredentials(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}

/** The URL with its password replaced by `***`, the user name kept (the ready banners print it). */
export function hidePassword(url: string): string {
  return url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
}

/**
 * MONGO_URL, else `db_server_address` from configs.json, else the embedded server with its files in the data
 * directory, requiring configs.json's `mongo` user (or one generated and kept in the data directory).
 */
export async function resolveMongo(configs: Configs, dataDir: string): Promise<ResolvedMongo> {
  const configured = serviceUrls(configs).mongo;
  if (configured) {
    return { url: configured, description: `MongoDB      ${hideCredentials(configured)}`, stop: async () => undefined };
  }
  const dbPath = join(dataDir, 'mongo');
  await mkdir(dbPath, { recursive: true });
  const { user, passwordFrom } = await resolveEmbeddedMongoUser(configs, dataDir);
  // On its own thread: database work then runs beside the gateway's and the plugins' event loop, not in it.
  const mongo = await startEmbeddedMongoThread({ dbPath, user });
  return {
    url: mongo.uri,
    description: `MongoDB      ${hidePassword(mongo.uri)} (embedded, data in ${dbPath}; password: ${passwordFrom})`,
    stop: () => mongo.stop(),
  };
}
