import type { Connection } from 'mongoose';
import { defineCustomerModel, type CustomerModel } from './customer.js';
import { defineIntegrationModel, type IntegrationModel } from './integration.js';
import { defineMessageModel, type MessageModel } from './message.js';

export interface ImapModels {
  Integration: IntegrationModel;
  Customer: CustomerModel;
  Message: MessageModel;
}

const modelsByConnection = new WeakMap<Connection, ImapModels>();

/** The plugin's models on the connection the host handed in; defined once per connection. */
export function loadModels(db: Connection): ImapModels {
  let models = modelsByConnection.get(db);
  if (!models) {
    models = { Integration: defineIntegrationModel(db), Customer: defineCustomerModel(db), Message: defineMessageModel(db) };
    modelsByConnection.set(db, models);
  }
  return models;
}

export async function initModels(models: ImapModels): Promise<void> {
  await Promise.all([models.Integration.init(), models.Customer.init(), models.Message.init()]);
}

export function isDuplicateKeyError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}
