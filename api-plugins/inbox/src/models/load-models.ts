import { modelsPerConnection } from '@lattice/plugin-sdk';
import { defineConversationModel, type ConversationModel } from './conversation.js';
import { defineIntegrationKindModel, type IntegrationKindModel } from './integration-kind.js';
import { defineIntegrationModel, type IntegrationModel } from './integration.js';
import { defineMessageModel, type MessageModel } from './message.js';

export interface InboxModels {
  Integration: IntegrationModel;
  IntegrationKind: IntegrationKindModel;
  Conversation: ConversationModel;
  Message: MessageModel;
}

/** The plugin's models on the connection the host handed in; defined once per connection. */
export const loadModels = modelsPerConnection((db): InboxModels => ({
  Integration: defineIntegrationModel(db),
  IntegrationKind: defineIntegrationKindModel(db),
  Conversation: defineConversationModel(db),
  Message: defineMessageModel(db),
}));

export async function initModels(models: InboxModels): Promise<void> {
  await Promise.all(Object.values(models).map((model: { init(): Promise<unknown> }) => model.init()));
}
