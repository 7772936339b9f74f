import { modelsPerConnection } from '@lattice/plugin-sdk';
import { defineCustomerModel, type CustomerModel } from './customer.js';
import { defineIntegrationModel, type IntegrationModel } from './integration.js';
import { defineMessageModel, type MessageModel } from './message.js';

export interface ImapModels {
  Integration: IntegrationModel;
  Customer: CustomerModel;
  Message: MessageModel;
}

/** The plugin's models on the connection the host handed in; defined once per connection. */
export const loadModels = modelsPerConnection((db): ImapModels => ({
  Integration: defineIntegrationModel(db),
  Customer: defineCustomerModel(db),
  Message: defineMessageModel(db),
}));

export async function initModels(models: ImapModels): Promise<void> {
  await Promise.all([models.Integration.init(), models.Customer.init(), models.Message.init()]);
}
