import { modelsPerConnection } from '@lattice/plugin-sdk';
import { defineCustomerModel, type CustomerModel } from './customer.js';
import { defineIntegrationModel, type IntegrationModel } from './integration.js';
import { defineMessageModel, type MessageModel } from './message.js';
import { defineMessageClaimModel, type MessageClaimModel } from './message-claim.js';

export interface ImapModels {
  Integration: IntegrationModel;
  Customer: CustomerModel;
  Message: MessageModel;
  MessageClaim: MessageClaimModel;
}

/** The plugin's models on the connection the host handed in; defined once per connection. */
export const loadModels = modelsPerConnection((db): ImapModels => ({
  Integration: defineIntegrationModel(db),
  Customer: defineCustomerModel(db),
  Message: defineMessageModel(db),
  MessageClaim: defineMessageClaimModel(db),
}));

export async function initModels(models: ImapModels): Promise<void> {
  await Promise.all([models.Integration.init(), models.Customer.init(), models.Message.init(), models.MessageClaim.init()]);
}
