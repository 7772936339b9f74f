import { isDuplicateKeyError } from '@lattice/plugin-sdk';
import type { CustomerFields } from './customer.js';
import type { ContactsModels } from './load-models.js';

export type CustomerRecord = CustomerFields & { _id: unknown };

/**
 * Creates the customer with that primary e-mail, or returns the one that exists. The unique index decides
 * between concurrent callers (possibly in several processes): the loser of the race reads the winner's record.
 */
export async function findOrCreateCustomer(
  { Customer }: ContactsModels,
  fields: { primaryEmail: string; integrationId?: string },
): Promise<CustomerRecord> {
  // Insert first: callers (integrations) ask findOne before they ask to create, so a hit here is rare.
  try {
    const created = await Customer.create({ ...fields, emails: [fields.primaryEmail], createdAt: new Date() });
    return created.toObject();
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    const winner = await Customer.findOne({ primaryEmail: fields.primaryEmail }).lean<CustomerRecord>();
    if (!winner) throw error;
    return winner;
  }
}
