import { Schema, type Connection, type Model } from 'mongoose';

export interface CustomerFields {
  primaryEmail: string;
  emails: string[];
  firstName?: string;
  lastName?: string;
  /** The inbox integration the customer first wrote through, when an integration created it. */
  integrationId?: string;
  createdAt: Date;
  /** Set on every change: an edit that names the value it read is refused (CONFLICT) once it differs. */
  updatedAt?: Date;
}

export type CustomerModel = Model<CustomerFields>;

const customerSchema = new Schema<CustomerFields, CustomerModel>(
  {
    primaryEmail: { type: String, required: true, lowercase: true, trim: true },
    emails: { type: [String], default: [] },
    firstName: { type: String },
    lastName: { type: String },
    integrationId: { type: String },
    createdAt: { type: Date, required: true, default: () => new Date() },
    updatedAt: { type: Date, default: () => new Date() },
  },
  { collection: 'customers', versionKey: false },
);
// One customer per address: concurrent createCustomer calls for one sender meet here, not in memory.
customerSchema.index({ primaryEmail: 1 }, { unique: true });
customerSchema.index({ createdAt: -1 });
// A merged customer's other addresses still find them (contacts:customers.findOne).
customerSchema.index({ emails: 1 });

export function defineCustomerModel(db: Connection): CustomerModel {
  return db.model<CustomerFields, CustomerModel>('Customer', customerSchema);
}
