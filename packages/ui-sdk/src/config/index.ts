export {
  uiPluginConfigSchema,
  menuSchema,
  menuTranslationsSchema,
  inboxIntegrationSchema,
  type UiPluginConfig,
  type UiPluginConfigInput,
  type UiPluginMenu,
  type InboxIntegration,
} from './ui-plugin-config-schema.js';
export { parseUiPluginConfig, UiPluginConfigError } from './parse-ui-plugin-config.js';
export { uiPluginConfigJsonSchema } from './ui-plugin-config-json-schema.js';
export type { PluginManifestEntry, PluginsManifest, RefusalCheck, RefusedPlugin } from './plugins-manifest.js';
export {
  latticePluginDescriptorFile,
  latticePluginDescriptorSchema,
  latticePluginDescriptorJsonSchema,
  parseLatticePluginDescriptor,
  type DescriptorParse,
  type LatticePluginDescriptor,
  type LatticePluginDescriptorInput,
} from './lattice-plugin-descriptor-schema.js';
export { pluginOwningPath } from './plugin-owning-path.js';
export { menuText } from './menu-text.js';
export { pluginClaimConflicts, platformPathSegments, type ClaimConflict, type ClaimingPlugin } from './plugin-claims.js';
