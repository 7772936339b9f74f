import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { validatePluginDefinition } from '../define-plugin.js';

const graphql = () => ({ typeDefs: 'type Query { a: Int }', resolvers: {} });
const dataset = {
  name: 'Notes',
  title: 'Notes',
  collection: 'notes',
  permission: 'notes:showNotes',
  measures: { count: { type: 'count', title: 'Notes' } },
  dimensions: { createdAt: { type: 'time', title: 'Created', field: 'createdAt' } },
};

describe('dashboardDatasets in a plugin definition', () => {
  it('accepts a dataset with measures, dimensions and a permission', () => {
    assert.doesNotThrow(() => validatePluginDefinition({ name: 'notes', graphql, dashboardDatasets: [dataset] }));
  });

  it('names the field of a measure that cannot be computed', () => {
    assert.throws(
      () => validatePluginDefinition({ name: 'notes', graphql, dashboardDatasets: [{ ...dataset, measures: { total: { type: 'sum', title: 'Total' } } }] }),
      /Plugin "notes" is not valid: "dashboardDatasets.0.measures.total" needs "field" or "duration"/,
    );
  });

  it('refuses a permission that is not "plugin:action", one name used twice, and a related name on a time dimension', () => {
    assert.throws(() => validatePluginDefinition({ name: 'notes', graphql, dashboardDatasets: [{ ...dataset, permission: 'showNotes' }] }), /"dashboardDatasets.0.permission" must be "plugin:action"/);
    assert.throws(() => validatePluginDefinition({ name: 'notes', graphql, dashboardDatasets: [dataset, dataset] }), /"dashboardDatasets" names a dataset twice/);
    assert.throws(
      () =>
        validatePluginDefinition({
          name: 'notes',
          graphql,
          dashboardDatasets: [{ ...dataset, dimensions: { createdAt: { type: 'time', title: 'Created', field: 'createdAt', related: { collection: 'x', show: 'name' } } } }],
        }),
      /a "related" name is a string dimension/,
    );
    assert.throws(
      () => validatePluginDefinition({ name: 'notes', graphql, dashboardDatasets: [{ ...dataset, dimensions: { count: { type: 'number', title: 'N', field: 'n' } } }] }),
      /uses one name for a measure and a dimension/,
    );
  });
});
