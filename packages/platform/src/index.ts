export { startPlugin, type RunningPlugin, type StartPluginOptions } from './host/start-plugin.js';
export { createLogger } from './host/create-logger.js';
export { startPlatform, type RunningPlatform, type StartPlatformOptions } from './embedded/start-platform.js';
export { corePlugin, corePluginName, withCorePlugin } from './plugins/core-plugin.js';
export { loadPluginPackage, pluginPackageName, PluginNotFoundError } from './plugins/load-plugin-package.js';
export type { PlatformPlugin } from './plugins/platform-plugin.js';
export { startPluginHosts, type RunningPluginHosts, type StartPluginHostsOptions } from './host/start-plugin-hosts.js';
export { checkPluginDependencies, PluginDependencyError } from './plugins/check-dependencies.js';
export { currentRequestId, runWithRequestId } from './host/request-scope.js';
