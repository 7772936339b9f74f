import type { Configs, PluginEntry } from '../config/configs-schema.js';

/** The OpenSearch release a generated deployment runs when configs.json enables search without a url. */
export const OPENSEARCH_IMAGE = 'opensearchproject/opensearch:2.19.1';
/** Where `lattice essyncer` answers its health checks. */
export const ESSYNCER_PORT = 4500;

export interface SearchWiring {
  /** The search engine every search role uses. */
  url: string;
  /** True when the deployment runs OpenSearch itself (configs.json names no `elasticsearch.url`). */
  runsEngine: boolean;
  /** The search subgraph's host (`lattice host search`), like a plugin's. */
  host: PluginEntry;
  essyncer: boolean;
}

/** How a generated deployment wires search: undefined when configs.json does not enable `elasticsearch`. */
export function searchWiring(configs: Configs, engineHost: string): SearchWiring | undefined {
  if (!configs.elasticsearch) return undefined;
  const url = configs.elasticsearch.url ?? `http://${engineHost}:9200`;
  return { url, runsEngine: configs.elasticsearch.url === undefined, host: { name: 'search', extra_env: { ELASTICSEARCH_URL: url } }, essyncer: configs.essyncer !== undefined };
}
