import type { MongoClient } from 'mongodb';
import mongoose from 'mongoose';
import type { Configs } from '../config/configs-schema.js';
import { resolveMongo } from '../platform/resolve-mongo.js';

/**
 * A driver client on the deployment's database: MONGO_URL or `db_server_address` when set, else the embedded
 * server on the data directory's files (started for the command and stopped after it).
 */
export async function withDeploymentClient<Result>(configs: Configs, dataDir: string, work: (client: MongoClient, description: string) => Promise<Result>): Promise<Result> {
  const mongo = await resolveMongo(configs, dataDir);
  const client = new mongoose.mongo.MongoClient(mongo.url, { appName: 'lattice-backup', serverSelectionTimeoutMS: 10_000 });
  try {
    await client.connect();
    return await work(client, mongo.description);
  } finally {
    await client.close();
    await mongo.stop();
  }
}
