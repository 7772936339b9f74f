import { modelsPerConnection } from '@lattice/plugin-sdk';
import { defineIntegrationModel, type IntegrationFields, type IntegrationModel } from './integration.js';
import { defineMessageModel, type MessageFields, type MessageModel } from './message.js';
import { defineVisitorModel, type VisitorFields, type VisitorModel } from './visitor.js';

export interface MessengerModels {
  Integration: IntegrationModel;
  Visitor: VisitorModel;
  Message: MessageModel;
}

export type IntegrationRecord = IntegrationFields & { _id: unknown };
export type VisitorRecord = VisitorFields & { _id: unknown };
export type MessageRecord = MessageFields & { _id: unknown };

/** The plugin's models on the connection the host handed in; defined once per connection. */
export const loadModels = modelsPerConnection((db): MessengerModels => ({
  Integration: defineIntegrationModel(db),
  Visitor: defineVisitorModel(db),
  Message: defineMessageModel(db),
}));

export async function initModels(models: MessengerModels): Promise<void> {
  await Promise.all([models.Integration.init(), models.Visitor.init(), models.Message.init()]);
}
