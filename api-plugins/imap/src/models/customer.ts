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
customerSchema.index({ inboxIntegrationId: 1, email: 1 }, { unique: true });

export function defineCustomerModel(db: Connection): CustomerModel {
  return db.model<CustomerFields, CustomerModel>('ImapCustomer', customerSchema);
}
