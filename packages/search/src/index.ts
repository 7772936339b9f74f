export { createSearchClient, SearchEngineError, type BulkOperation, type EngineHit, type SearchClient, type SearchSource } from './client/search-client.js';
export { type DeclaredSearch, INDEX_PREFIX, STATE_INDEX, indexName, indexRecord } from './layout/index-layout.js';
export { startEssyncer, type EssyncerOptions, type RunningEssyncer } from './essyncer/start-essyncer.js';
export { createSearchPlugin, SEARCH_PLUGIN_NAME } from './subgraph/search-plugin.js';
