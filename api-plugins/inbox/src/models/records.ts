import type { ConversationFields } from './conversation.js';
import type { IntegrationKindFields } from './integration-kind.js';
import type { IntegrationFields } from './integration.js';
import type { MessageFields } from './message.js';

export type IntegrationRecord = IntegrationFields & { _id: unknown };
export type IntegrationKindRecord = IntegrationKindFields & { _id: unknown };
export type ConversationRecord = ConversationFields & { _id: unknown };
export type MessageRecord = MessageFields & { _id: unknown };
