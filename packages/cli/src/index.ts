export { runPlatform, type RunningLattice, type RunPlatformOptions } from './platform/run-platform.js';
export { loadConfigs } from './config/load-configs.js';
export { ConfigError } from './config/config-error.js';
export { configsSchema, pluginEntrySchema, type Configs, type PluginEntry } from './config/configs-schema.js';
