import type { SearchDeclaration } from '@lattice/plugin-sdk';

/** Customers are found by name and e-mail addresses; a hit opens the customer's page (ui-plugins/contacts). */
export const searchDeclarations: readonly SearchDeclaration[] = [
  {
    type: 'customer',
    collection: 'customers',
    fields: { firstName: 3, lastName: 3, primaryEmail: 2, emails: 1 },
    title: ['firstName', 'lastName'],
    permission: 'contacts:showCustomers',
    url: '/contacts/{_id}',
  },
];
