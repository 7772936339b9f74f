export { definePlugin, validatePluginDefinition, PluginDefinitionError, pluginNamePattern } from './define-plugin.js';
export type {
  InboxIntegrationMeta,
  PluginDefinition,
  PluginGraphQL,
  PluginInitOptions,
  PluginRequestContext,
  PluginResolvers,
  PluginServices,
} from './plugin-definition.js';
export {
  errorCodes,
  ForbiddenError,
  httpStatusByCode,
  InputError,
  LatticeError,
  NotFoundError,
  PluginUnavailableError,
  UnauthenticatedError,
  type ErrorCode,
} from './errors.js';
export { parseObjectId } from './object-id.js';
export { DateScalar, JSONScalar } from './graphql/scalars.js';
export { startPlugin, type RunningPlugin, type StartPluginOptions } from './host/start-plugin.js';
export { createLogger } from './host/create-logger.js';
export { startPlatform, type PlatformPlugin, type RunningPlatform, type StartPlatformOptions } from './platform/start-platform.js';
