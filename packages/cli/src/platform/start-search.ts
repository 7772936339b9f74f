import type { PlatformPlugin } from '@lattice/platform';
import type { Logger } from 'pino';
import type { Configs } from '../config/configs-schema.js';
import { declaredSearches, resolveSearch } from './resolve-search.js';

export interface StartedSearch {
  url?: string;
  /** The search subgraph, to run beside the plugins (none without `elasticsearch`). */
  plugins: PlatformPlugin[];
  descriptions: string[];
  /** Stops the synchroniser (before the database goes). */
  stopSyncing(): Promise<void>;
  /** Stops the embedded engine. */
  stop(): Promise<void>;
}

interface StartSearchOptions {
  dataDir: string;
  mongoUrl: string;
  port: number;
  logger: Logger;
}

/**
 * `elasticsearch` in configs.json: the engine (embedded unless a url is configured) and the search subgraph;
 * `essyncer`: the synchroniser in this process, following every declared collection into the engine.
 */
export async function startSearch(configs: Configs, plugins: readonly PlatformPlugin[], options: StartSearchOptions): Promise<StartedSearch> {
  if (!configs.elasticsearch) return { plugins: [], descriptions: [], stopSyncing: async () => undefined, stop: async () => undefined };
  const [{ createSearchClient, createSearchPlugin, startEssyncer }, engine] = await Promise.all([
    import('@lattice/search'),
    resolveSearch(configs, options.dataDir, options.port),
  ]);
  const declared = declaredSearches(plugins);
  const descriptions = [engine.description];
  let essyncer: Awaited<ReturnType<typeof startEssyncer>> | undefined;
  let client: ReturnType<typeof createSearchClient> | undefined;
  try {
    if (configs.essyncer) {
      client = createSearchClient(engine.url);
      const logger = options.logger.child({ component: 'essyncer' });
      essyncer = await startEssyncer({
        mongoUrl: options.mongoUrl,
        search: client,
        declarations: declared,
        log: { info: (message) => logger.info(message), error: (message) => logger.error(message) },
      });
      descriptions.push(`Essyncer     ${declared.length} collections into ${essyncer.indexes.join(', ')}`);
    }
  } catch (error) {
    await client?.close();
    await engine.stop();
    throw error;
  }
  return {
    url: engine.url,
    plugins: [{ definition: createSearchPlugin(declared), extraEnv: { ELASTICSEARCH_URL: engine.url } }],
    descriptions,
    stopSyncing: async () => {
      await essyncer?.stop();
      essyncer = undefined;
      await client?.close();
      client = undefined;
    },
    stop: () => engine.stop(),
  };
}
