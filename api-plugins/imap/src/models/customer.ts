import { Schema, type Connection, type Model } from 'mongoose';

export interface CustomerFields {
  inboxIntegrationId: string;
  /** The customer's `_id` in the contacts plugin. */
  contactsId: string;
  email: string;
}

export type CustomerModel = Model<CustomerFields>;

const customerSchema = new Schema<CustomerFields, CustomerModel>(
  {
    inboxIntegrationId: { type: String, required: true },
    contactsId: { type: String, required: true },
    email: { type: String, required: true },
  },
  { collection: 'imap_customers', versionKey: false },
);
// One local customer per sender and integration, decided by the database even across imap processes.
// The e-mail leads: the embedded MongoDB narrows by an index's first field only. No index leads with
// inboxIntegrationId: the embedded server would then collect every customer of the integration per lookup,
// and only the (rare) removal of an integration selects by it alone.
customerSchema.index({ email: 1, inboxIntegrationId: 1 }, { unique: true });
// A reply goes to the conversation's customer, named by its contacts id.
customerSchema.index({ contactsId: 1, inboxIntegrationId: 1 });

export function defineCustomerModel(db: Connection): CustomerModel {
  return db.model<CustomerFields, CustomerModel>('ImapCustomer', customerSchema);
}
