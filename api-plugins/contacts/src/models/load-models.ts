import { modelsPerConnection } from '@lattice/plugin-sdk';
import { defineCustomerModel, type CustomerModel } from './customer.js';

export interface ContactsModels {
  Customer: CustomerModel;
}

/** The plugin's models on the connection the host handed in; defined once per connection. */
export const loadModels = modelsPerConnection((db): ContactsModels => ({ Customer: defineCustomerModel(db) }));
