import { definePlugin, defineDashboardDataset, type PluginDefinition } from '@lattice/plugin-sdk';

/**
 * A plugin whose one dataset only owners may read, so a test can ask as a member who lacks the permission.
 * Its permission is declared as every plugin declares one (`reports:showReports`, owners only).
 */
export const reportsPlugin: PluginDefinition = definePlugin({
  name: 'reports',
  operations: { Query: { reportsCount: 'showReports' } },
  graphql: () => ({ typeDefs: 'type Query { reportsCount: Int }', resolvers: { Query: { reportsCount: () => 0 } } }),
  permissions: {
    reports: { description: 'Reports', actions: { showReports: { description: 'See the reports dataset', roles: ['owner'] } } },
  },
  dashboardDatasets: [
    defineDashboardDataset({
      name: 'Reports',
      title: 'Reports',
      collection: 'reports',
      permission: 'reports:showReports',
      measures: { count: { type: 'count', title: 'Reports' } },
      dimensions: { createdAt: { type: 'time', title: 'Created', field: 'createdAt' } },
    }),
  ],
});
