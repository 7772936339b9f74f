import { defineDashboardDataset } from '@lattice/plugin-sdk';

/** What the dashboard may chart of customers: how many, when they came and through which integration. */
export const contactsDatasets = [
  defineDashboardDataset({
    name: 'Customers',
    title: 'Customers',
    collection: 'customers',
    permission: 'contacts:showCustomers',
    measures: {
      count: { type: 'count', title: 'Customers' },
    },
    dimensions: {
      integrationId: { type: 'string', title: 'Integration', field: 'integrationId' },
      createdAt: { type: 'time', title: 'Created', field: 'createdAt' },
    },
  }),
];
