export {
  uiPluginConfigSchema,
  menuSchema,
  inboxIntegrationSchema,
  type UiPluginConfig,
  type UiPluginConfigInput,
  type UiPluginMenu,
  type InboxIntegration,
} from './ui-plugin-config-schema.js';
export { parseUiPluginConfig, UiPluginConfigError } from './parse-ui-plugin-config.js';
export type { PluginManifestEntry, PluginsManifest } from './plugins-manifest.js';
export { pluginOwningPath } from './plugin-owning-path.js';
