export { errorCodes, httpStatusByCode, pluginUnavailableMessage, type ErrorCode } from './error-codes.js';
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
  integrationKindAnnounceIntervalMs,
  integrationKindAvailableForMs,
  integrationKindSchema,
  integrationsAnnounceKindQueue,
  integrationsReceivePayloadSchema,
  integrationsReceiveQueue,
  type ConversationPayload,
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
  sendReplyPayloadSchema,
  sendReplyQueue,
  sendReplyReplySchema,
  type ReplyAttachment,
  type ReplyState,
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
