import { MongoClient } from 'mongodb';
import type { SearchClient } from '../client/search-client.js';
import type { DeclaredSearch } from '../layout/index-layout.js';
import { CollectionSync, type SyncLog } from './collection-sync.js';

export interface EssyncerOptions {
  /** The MongoDB the plugins' collections live in (a replica set, or the embedded server). */
  mongoUrl: string;
  search: SearchClient;
  declarations: readonly DeclaredSearch[];
  log: SyncLog;
}

export interface RunningEssyncer {
  /** The index each declaration is synchronised into. */
  readonly indexes: string[];
  /** Changes applied since start, all collections together. */
  applied(): number;
  stop(): Promise<void>;
}

/** Starts following every declared collection into the search engine. */
export async function startEssyncer(options: EssyncerOptions): Promise<RunningEssyncer> {
  const mongo = await MongoClient.connect(options.mongoUrl, { appName: 'lattice-essyncer' });
  const syncs = options.declarations.map((declared) => new CollectionSync(mongo, options.search, declared, options.log));
  for (const sync of syncs) sync.start();
  return {
    indexes: syncs.map((sync) => sync.index),
    applied: () => syncs.reduce((sum, sync) => sum + sync.applied, 0),
    stop: async () => {
      await Promise.all(syncs.map((sync) => sync.stop()));
      await mongo.close();
    },
  };
}
