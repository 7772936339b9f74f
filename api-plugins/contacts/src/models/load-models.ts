import type { Connection } from 'mongoose';
import { defineCustomerModel, type CustomerModel } from './customer.js';

export interface ContactsModels {
  Customer: CustomerModel;
}

const modelsByConnection = new WeakMap<Connection, ContactsModels>();

/** The plugin's models on the connection the host handed in; defined once per connection. */
export function loadModels(db: Connection): ContactsModels {
  let models = modelsByConnection.get(db);
  if (!models) {
    models = { Customer: defineCustomerModel(db) };
    modelsByConnection.set(db, models);
  }
  return models;
}
