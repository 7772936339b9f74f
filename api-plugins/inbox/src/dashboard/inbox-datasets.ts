import { defineDashboardDataset } from '@lattice/plugin-sdk';

/**
 * What the dashboard may chart of the inbox: conversations opened and closed, the customers' messages in and the
 * users' replies out, and the first-response time, per integration. Messages are counted on their conversation
 * (`messagesIn`, `messagesOut`): e-mails stay in their integration plugin, whose database the inbox never reads.
 */
export const inboxDatasets = [
  defineDashboardDataset({
    name: 'Conversations',
    title: 'Conversations',
    collection: 'conversations',
    permission: 'inbox:showConversations',
    measures: {
      count: { type: 'count', title: 'Conversations opened' },
      openCount: { type: 'count', title: 'Open now', where: { status: 'open' } },
      closedCount: { type: 'count', title: 'Closed', where: { status: 'closed' } },
      messagesIn: { type: 'sum', title: 'Messages in', field: 'messagesIn' },
      messagesOut: { type: 'sum', title: 'Messages out', field: 'messagesOut' },
      firstResponseMinutes: {
        type: 'avg',
        title: 'First response (minutes)',
        duration: { from: 'createdAt', to: 'firstRespondedAt', unit: 'minute' },
      },
      customers: { type: 'countDistinct', title: 'Customers', field: 'customerId' },
    },
    dimensions: {
      integrationName: { type: 'string', title: 'Integration', field: 'integrationId', related: { collection: 'integrations', show: 'name' } },
      status: { type: 'string', title: 'Status', field: 'status' },
      createdAt: { type: 'time', title: 'Opened', field: 'createdAt' },
      closedAt: { type: 'time', title: 'Closed', field: 'closedAt' },
    },
  }),
];
