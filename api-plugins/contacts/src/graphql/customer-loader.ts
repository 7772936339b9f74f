import DataLoader from 'dataloader';
import type { ContactsModels } from '../models/load-models.js';
import type { CustomerRecord } from '../models/find-or-create-customer.js';

export type CustomerLoader = DataLoader<string, CustomerRecord | null>;

/**
 * The customers other subgraphs point at (the inbox's `Conversation.customer`), one query per request for a
 * whole page of references; an id that is not one finds nothing.
 */
export function createCustomerLoader({ Customer }: ContactsModels): CustomerLoader {
  return new DataLoader<string, CustomerRecord | null>(async (ids) => {
    const valid = ids.filter((id) => /^[0-9a-fA-F]{24}$/.test(id));
    const found = valid.length > 0 ? await Customer.find({ _id: { $in: valid } }).lean<CustomerRecord[]>() : [];
    const byId = new Map(found.map((customer) => [String(customer._id), customer]));
    return ids.map((id) => byId.get(id.toLowerCase()) ?? null);
  });
}
