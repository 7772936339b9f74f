import { definePlugin } from '@lattice/plugin-sdk';
import { searchDeclarations } from './search/search-declarations.js';
import { contactsDatasets } from './dashboard/contacts-datasets.js';
import type { ContactsContext } from './graphql/contacts-context.js';
import { createCustomerLoader } from './graphql/customer-loader.js';
import { resolvers } from './graphql/resolvers.js';
import { typeDefs } from './graphql/type-defs.js';
import { loadModels } from './models/load-models.js';
import { consumeContactsQueues } from './queues/consume-contacts-queues.js';

export const contactsPlugin = definePlugin<ContactsContext>({
  name: 'contacts',
  graphql: () => ({ typeDefs, resolvers }),
  search: searchDeclarations,
  dashboardDatasets: contactsDatasets,
  // Everyone works with customers (the inbox makes them from mails); removing one is for owners and admins.
  permissions: {
    customers: {
      description: 'Customers',
      actions: {
        showCustomers: { description: 'See customers', roles: ['owner', 'admin', 'member'] },
        manageCustomers: { description: 'Add and edit customers', roles: ['owner', 'admin', 'member'] },
        removeCustomers: { description: 'Remove customers', roles: ['owner', 'admin'] },
        // Merging removes one customer, so it is for those who may remove.
        mergeCustomers: { description: 'Merge two customers that are one person', roles: ['owner', 'admin'] },
      },
    },
  },
  // Checked by the platform before each resolver runs.
  operations: {
    Query: { customers: 'showCustomers', customersTotalCount: 'showCustomers', customerDetail: 'showCustomers' },
    Mutation: { customersAdd: 'manageCustomers', customersEdit: 'manageCustomers', customersRemove: 'removeCustomers', customersMerge: 'mergeCustomers' },
  },
  activityLog: { readPermissions: { customer: 'showCustomers' } },
  apolloServerContext: (context) => {
    const models = loadModels(context.db);
    return { ...context, models, customerLoader: createCustomerLoader(models) };
  },
  onServerInit: async ({ db, messageBrokerClient, debug }) => {
    await loadModels(db).Customer.init();
    await consumeContactsQueues(messageBrokerClient, db, debug);
  },
});
