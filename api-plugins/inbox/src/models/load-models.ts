import type { Connection } from 'mongoose';
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

const modelsByConnection = new WeakMap<Connection, InboxModels>();

/** The plugin's models on the connection the host handed in; defined once per connection. */
export function loadModels(db: Connection): InboxModels {
  let models = modelsByConnection.get(db);
  if (!models) {
    models = {
      Integration: defineIntegrationModel(db),
      IntegrationKind: defineIntegrationKindModel(db),
      Conversation: defineConversationModel(db),
      Message: defineMessageModel(db),
    };
    modelsByConnection.set(db, models);
  }
  return models;
}

export async function initModels(models: InboxModels): Promise<void> {
  await Promise.all(Object.values(models).map((model: { init(): Promise<unknown> }) => model.init()));
}
