export { definePlugin, validatePluginDefinition, PluginDefinitionError, pluginNamePattern } from './define-plugin.js';
export type {
  InboxIntegrationMeta,
  PluginDefinition,
  PluginGraphQL,
  PluginInitOptions,
  PluginRequestContext,
  PluginResolvers,
  PluginRuntime,
  PluginServices,
} from './plugin-definition.js';
export {
  ConflictError,
  errorCodes,
  ForbiddenError,
  httpStatusByCode,
  InputError,
  LatticeError,
  NotFoundError,
  PluginUnavailableError,
  TooManyRequestsError,
  UnauthenticatedError,
  type ErrorCode,
} from './errors.js';
export { parseObjectId } from './object-id.js';
export { searchDeclarationSchema, searchHitUrl, type SearchDeclaration } from './search/search-declaration.js';
export { DateScalar, JSONScalar, scalarResolvers, scalarTypeDefs } from './graphql/scalars.js';
export { yieldingList } from './graphql/yielding-list.js';
export { roles, type AuthUser, type Role } from './auth/roles.js';
export {
  authCookieName,
  authTokenAlgorithm,
  authTokenLifetimeSeconds,
  signAuthToken,
  verifyAuthToken,
  type TokenCheck,
  type TokenUser,
} from './auth/auth-token.js';
export { authCookieAttributes, cameOverHttps, type CookieAttributes } from './auth/auth-cookie.js';
export { requirePermission } from './auth/require-permission.js';
export { requireUser } from './auth/require-user.js';
export type { ActivityLog, ActivityLogOptions, OwnActivityEntry } from './activity/activity-log.js';
export {
  checkOperationAccess,
  operationRootTypes,
  publicOperationNames,
  type OperationAccess,
  type OperationRootType,
  type PluginOperations,
} from './auth/operation-access.js';
export {
  can,
  declaredActions,
  permissionActionName,
  permissionActionPattern,
  type PermissionActionDeclaration,
  type PermissionModuleDeclaration,
  type PluginPermissions,
} from './auth/permissions.js';
export { isDuplicateKeyError, modelsPerConnection } from './models/models-per-connection.js';
export { createInsertBatcher, RecordWriteError, type InsertRecord } from './models/insert-batcher.js';
export { callPluginRPC, type CallPluginRPCOptions } from './broker/call-plugin-rpc.js';
export { consumeContract } from './broker/consume-contract.js';
export {
  dashboardDatasetSchema,
  dashboardDatasetsSchema,
  dashboardDimensionTypes,
  dashboardGranularities,
  dashboardMeasureTypes,
  defineDashboardDataset,
  durationUnits,
  type DashboardCondition,
  type DashboardDataset,
  type DashboardDimension,
  type DashboardDimensionType,
  type DashboardGranularity,
  type DashboardMeasure,
  type DashboardMeasureType,
  type DurationUnit,
} from './dashboard/dashboard-dataset.js';
