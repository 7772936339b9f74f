export { errorCodes, httpStatusByCode, pluginUnavailableMessage, signInUnavailableMessage, type ErrorCode } from './error-codes.js';
export { isProductionDeployment, nodeEnvDefaultedVariable } from './production-deployment.js';
export { plainQueue, rpcQueue, type PlainQueueContract, type RPCQueueContract } from './queue-contract.js';
export {
  documentFindQueue,
  documentRecordSchema,
  documentSendPayloadSchema,
  documentSendQueue,
  type DocumentRecord,
  type DocumentSendPayload,
} from './queues/document-queues.js';
export {
  customerRecordSchema,
  customersCreatePayloadSchema,
  customersCreateQueue,
  customersFindOnePayloadSchema,
  customersFindOneQueue,
  type CustomerRecord,
  type CustomersCreatePayload,
  type CustomersFindOnePayload,
} from './queues/contacts-queues.js';
export {
  conversationPayloadSchema,
  conversationPayloadTextSchema,
  conversationReceiveMessage,
  conversationsMoveCustomerPayloadSchema,
  conversationsMoveCustomerQueue,
  integrationKindAnnounceIntervalMs,
  integrationKindAvailableForMs,
  integrationKindSchema,
  integrationsAnnounceKindQueue,
  integrationsReceivePayloadSchema,
  integrationsReceiveQueue,
  type ConversationPayload,
  type ConversationsMoveCustomerPayload,
  type IntegrationKind,
} from './queues/inbox-queues.js';
export {
  createIntegrationPayloadSchema,
  createIntegrationQueue,
  createIntegrationReplySchema,
  removeIntegrationPayloadSchema,
  removeIntegrationQueue,
  removeIntegrationReplySchema,
  type CreateIntegrationPayload,
  type CreateIntegrationReply,
  type RemoveIntegrationPayload,
} from './queues/integration-queues.js';
export {
  maxReplyAttachmentBytes,
  maxReplyBodyLength,
  replyAttachmentSchema,
  replyStates,
  sendMailPayloadSchema,
  sendMailQueue,
  sendMailReplySchema,
  sendReplyPayloadSchema,
  sendReplyQueue,
  sendReplyReplySchema,
  type ReplyAttachment,
  type ReplyState,
  type SendMailPayload,
  type SendMailReply,
  type SendReplyPayload,
  type SendReplyReply,
} from './queues/reply-queues.js';
export {
  permissionsAnnouncePayloadSchema,
  permissionsAnnounceQueue,
  type PermissionsAnnouncePayload,
} from './queues/permission-queues.js';
export {
  maxSessionsPerCheck,
  sessionIdSchema,
  sessionsCheckPayloadSchema,
  sessionsCheckQueue,
  sessionsCheckReplySchema,
  sessionsRevokedChannel,
  sessionsRevokedMessageSchema,
  sessionUserSchema,
  type SessionsCheckPayload,
  type SessionsCheckReply,
  type SessionsRevokedMessage,
} from './queues/session-queues.js';
export {
  maxVisitorAttachmentBytes,
  maxVisitorMessageLength,
  visitorAttachmentSchema,
  visitorEventSchema,
  visitorEventsChannel,
  visitorTokenSchema,
  widgetConversationQueue,
  widgetEmailQueue,
  widgetMessageSchema,
  widgetReadQueue,
  widgetSendPayloadSchema,
  widgetSendQueue,
  widgetSettingsQueue,
  widgetSettingsSchema,
  widgetTypingQueue,
  type VisitorAttachment,
  type VisitorEvent,
  type VisitorView,
  type WidgetMessage,
  type WidgetSendPayload,
  type WidgetSettings,
} from './queues/messenger-queues.js';
export {
  dashboardDatasetsQueue,
  dashboardFilterOperators,
  dashboardLoadPayloadSchema,
  dashboardLoadQueue,
  dashboardLoadReplySchema,
  dashboardMaxRows,
  dashboardMemberSchema,
  dashboardRowSchema,
  type DashboardLoadPayload,
  type DashboardLoadQuery,
  type DashboardLoadReply,
  type DashboardRow,
} from './queues/dashboard-queues.js';
// The subgraph door: what the gateway and every plugin host agree on for `/graphql` (limits, the signature).
export { checkQueryText, GRAPHQL_LIMITS, graphqlLimitsWith, type GraphqlLimits } from './subgraph-door/graphql-limits.js';
export { operationLimitsRule, QUERY_TOO_COMPLEX, type OperationLimits } from './subgraph-door/operation-limits-rule.js';
export {
  bodyHash,
  createSubgraphSigner,
  NO_BODY,
  NonceStore,
  SUBGRAPH_SIGNATURE_HEADER,
  SUBGRAPH_SIGNATURE_MAX_SKEW_MS,
  subgraphSigningKey,
  verifySubgraphSignature,
  WEBSOCKET_UPGRADE,
  type SignatureCheck,
  type SignedRequest,
  type SubgraphSigner,
} from './subgraph-door/subgraph-signature.js';
export { capConnectionsPerAddress, defaultMaxConnectionsPerAddress, limitedServerOptions, limitServer, MAX_HEADER_BYTES, serverTimeouts } from './server-limits.js';
export {
  activityChangeSchema,
  activityEntrySchema,
  activityRecordQueue,
  type ActivityEntry,
  type ActivityRecordPayload,
} from './queues/activity-queues.js';
