export { startSearchEngine } from './http/start-search-engine.js';
export type { RunningSearchEngine, SearchEngineOptions } from './http/start-search-engine.js';
export { ENGINE_VERSION } from './http/routes.js';
