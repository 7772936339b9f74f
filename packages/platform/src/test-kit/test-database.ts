import { startEmbeddedMongo, startEmbeddedMongoThread } from '@lattice/embedded-mongo';

export interface TestDatabase {
  url: string;
  stop(): Promise<void>;
}

/** MONGO_URL when it is set, otherwise an in-memory embedded server (on a worker thread, as `lattice start` runs it, when asked). */
export async function startTestDatabase(options: { onThread?: boolean } = {}): Promise<TestDatabase> {
  if (process.env.MONGO_URL) return { url: process.env.MONGO_URL, stop: async () => undefined };
  const mongo = await (options.onThread ? startEmbeddedMongoThread : startEmbeddedMongo)({});
  return { url: mongo.uri, stop: () => mongo.stop() };
}
