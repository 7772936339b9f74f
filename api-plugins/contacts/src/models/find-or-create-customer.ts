import { isDuplicateKeyError } from '@lattice/plugin-sdk';
import type { CustomerFields } from './customer.js';

export type CustomerRecord = CustomerFields & { _id: unknown };

/** How findOrCreateCustomer reaches the customers: inserts and lookups that concurrent callers share. */
export interface CustomerAccess {
  insert(fields: CustomerFields): Promise<CustomerRecord>;
  findByEmail(primaryEmail: string): Promise<CustomerRecord | null>;
}

/**
 * Creates the customer with that primary e-mail, or returns the one that exists. The unique index decides
 * between concurrent callers (possibly in several processes): the loser of the race reads the winner's record.
 */
export async function findOrCreateCustomer(
  customers: CustomerAccess,
  fields: { primaryEmail: string; integrationId?: string },
): Promise<CustomerRecord> {
  // Insert first: callers (integrations) ask findOne before they ask to create, so a hit here is rare.
  try {
    return await customers.insert({ ...fields, emails: [fields.primaryEmail], createdAt: new Date() });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    const winner = await customers.findByEmail(fields.primaryEmail);
    if (!winner) throw error;
    return winner;
  }
}
