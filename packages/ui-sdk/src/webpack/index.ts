export { createRemoteWebpackConfig, type RemoteWebpackConfigOptions, type WebpackConfig } from './create-remote-webpack-config.js';
export { readUiPluginConfig, uiPluginConfigFileName } from './read-ui-plugin-config.js';
export { sharedModules, sharedSingletonNames, type SharedModuleConfig } from './shared-singletons.js';
export { catalogueFilePattern, moduleRules, typeScriptResolve } from './script-rules.js';
export { compileCatalogue } from './catalogue-loader.js';
export { UiPluginJsonPlugin } from './ui-plugin-json-plugin.js';
export { createFederationPlugin, type FederationOptions } from './load-federation-plugin.js';
export { MantineImportGuard } from './mantine-import-guard.js';
export { CompileHints } from './compile-hints.js';
