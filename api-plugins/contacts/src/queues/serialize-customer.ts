import type { CustomerRecord as WireCustomer } from '@lattice/contracts';
import type { CustomerRecord } from '../models/find-or-create-customer.js';

/** A stored customer as it travels on the wire: ids as text, dates as ISO 8601 text. */
export function serializeCustomer(customer: CustomerRecord): WireCustomer {
  return {
    _id: String(customer._id),
    primaryEmail: customer.primaryEmail,
    emails: customer.emails ?? [],
    firstName: customer.firstName ?? null,
    lastName: customer.lastName ?? null,
    integrationId: customer.integrationId ?? null,
    createdAt: customer.createdAt ? customer.createdAt.toISOString() : null,
  };
}
