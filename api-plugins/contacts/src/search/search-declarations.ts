import type { SearchDeclaration } from '@lattice/plugin-sdk';

/**
 * Customers are found by name and e-mail addresses. There is no customers page: a hit opens the inbox on the
 * conversations from the customer's address, in any status (the inbox's search matches the sender's address).
 */
export const searchDeclarations: readonly SearchDeclaration[] = [
  {
    type: 'customer',
    collection: 'customers',
    fields: { firstName: 3, lastName: 3, primaryEmail: 2, emails: 1 },
    title: ['firstName', 'lastName'],
    permission: 'contacts:showCustomers',
    url: '/inbox/?status=all&q={primaryEmail}',
  },
];
