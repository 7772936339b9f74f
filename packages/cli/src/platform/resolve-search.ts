import { join } from 'node:path';
import type { PlatformPlugin } from '@lattice/platform';
import type { DeclaredSearch } from '@lattice/search';
import type { Configs } from '../config/configs-schema.js';

export interface ResolvedSearch {
  /** The engine's REST address: configs.json `elasticsearch.url` / `ELASTICSEARCH_URL`, else the embedded engine. */
  url: string;
  description: string;
  stop(): Promise<void>;
}

/** The engine configured for services mode: `ELASTICSEARCH_URL`, else configs.json `elasticsearch.url`. */
export function configuredSearchUrl(configs: Configs): string | undefined {
  return process.env.ELASTICSEARCH_URL || configs.elasticsearch?.url || undefined;
}

/** Services mode: the URL the search subgraph and `lattice essyncer` use, or an error naming what to set. */
export function requireSearchUrl(configs: Configs, role: string): string {
  const url = configuredSearchUrl(configs);
  if (!url) {
    throw new Error(`lattice ${role}: configs.json enables elasticsearch but names no engine: set ELASTICSEARCH_URL (an OpenSearch, or \`lattice search-engine\`) or elasticsearch.url`);
  }
  return url;
}

/** Where search runs: a configured OpenSearch/Elasticsearch, or the embedded engine under the data folder. */
export async function resolveSearch(configs: Configs, dataDir: string, port: number, host = '127.0.0.1'): Promise<ResolvedSearch> {
  const configured = configuredSearchUrl(configs);
  if (configured) return { url: configured, description: `Search       ${redact(configured)} (configured)`, stop: async () => undefined };
  const { startSearchEngine } = await import('@lattice/search-engine');
  const engine = await startSearchEngine({ dataDir: join(dataDir, 'search'), port, host });
  return { url: engine.url, description: `Search       ${engine.url} (embedded engine, data in ${join(dataDir, 'search')})`, stop: () => engine.stop() };
}

/** Services mode: the search subgraph as a plugin a host can run (`lattice host search`), when `elasticsearch` is on. */
export async function searchSubgraph(configs: Configs, plugins: readonly PlatformPlugin[], role: string): Promise<PlatformPlugin[]> {
  if (!configs.elasticsearch) return [];
  const { createSearchPlugin } = await import('@lattice/search');
  return [{ definition: createSearchPlugin(declaredSearches(plugins)), extraEnv: { ELASTICSEARCH_URL: requireSearchUrl(configs, role) } }];
}

/** The enabled plugins' search declarations, each with the database its collection lives in. */
export function declaredSearches(plugins: readonly PlatformPlugin[]): DeclaredSearch[] {
  return plugins.flatMap((plugin) =>
    (plugin.definition.search ?? []).map((declaration) => ({ plugin: plugin.definition.name, dbName: plugin.dbName ?? plugin.definition.name, declaration })),
  );
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}
