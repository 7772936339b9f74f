import type { ConversationCustomer } from './graphql/conversation-queries.js';

/** "First Last <email>", or what there is of it; null when the customer is unknown. */
export function customerLabel(customer: ConversationCustomer | null | undefined): string | null {
  if (!customer) return null;
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(' ');
  if (name && customer.primaryEmail) return `${name} <${customer.primaryEmail}>`;
  return name || customer.primaryEmail || null;
}

/**
 * Whether the gateway refused the list because `Customer` has no contacts fields: the contacts plugin is
 * not running, so the list is asked for without the sender.
 */
export function customerFieldsMissing(error: unknown): boolean {
  return /Cannot query field "(primaryEmail|firstName|lastName)" on type "Customer"/.test(String((error as Error | undefined)?.message ?? ''));
}
