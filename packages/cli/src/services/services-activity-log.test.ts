import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { logIn } from '@lattice/platform/test-kit';
import mongoose from 'mongoose';
import { postGraphQL } from '../test-kit/graphql-over-http.js';
import { startPluginHostsTopology, type PluginHostsTopology } from '../test-kit/plugin-hosts-topology.js';

// The logs plugin in a process of its own: the documents host records its change and sends the entry over
// RabbitMQ (the topology's own vhost); the logs host stores it in its own database and answers activityLogs.
const logsDatabase = `lattice_logs_${process.pid}`;
let topology: PluginHostsTopology;
let graphqlUrl: string;
let cookie: string;

before(async () => {
  topology = await startPluginHostsTopology([{ name: 'documents' }, { name: 'logs', db_name: logsDatabase }]);
  graphqlUrl = `${topology.gatewayUrl}/graphql`;
  cookie = await logIn(graphqlUrl, topology.owner);
});
after(async () => {
  await topology?.stop();
});

async function ask<TData>(query: string, variables?: Record<string, unknown>): Promise<TData> {
  const answer = await postGraphQL<TData>(graphqlUrl, query, { variables, cookie });
  assert.equal(answer.errors, undefined, `${query}: ${JSON.stringify(answer.errors)}`);
  return answer.data!;
}

interface Entry {
  createdBy: string | null;
  plugin: string;
  action: string;
  contentId: string | null;
  changes: Record<string, { before: unknown; after: unknown }>;
}

describe('services mode: the logs plugin on a host of its own', { timeout: 600_000 }, () => {
  it('records an edit made through the gateway, readable through activityLogs and kept in its own database', async () => {
    const { currentUser } = await ask<{ currentUser: { _id: string } }>('{ currentUser { _id } }');
    const { documentsAdd } = await ask<{ documentsAdd: { _id: string } }>('mutation { documentsAdd(name: "Lease") { _id } }');
    await ask('mutation ($id: String!) { documentsEdit(_id: $id, name: "Lease 2027") { _id } }', { id: documentsAdd._id });

    // Entries cross RabbitMQ in batches: wait for both (bounded).
    const history = async () =>
      (
        await ask<{ activityLogs: Entry[] }>(
          'query ($id: String!) { activityLogs(contentType: "documents:document", contentId: $id) { createdBy plugin action contentId changes } }',
          { id: documentsAdd._id },
        )
      ).activityLogs;
    const deadline = Date.now() + 30_000;
    let entries = await history();
    while (entries.length < 2) {
      assert.ok(Date.now() < deadline, `the history holds ${JSON.stringify(entries)} after 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      entries = await history();
    }
    assert.deepEqual(entries, [
      { createdBy: currentUser._id, plugin: 'documents', action: 'documentsEdit', contentId: documentsAdd._id, changes: { name: { before: 'Lease', after: 'Lease 2027' } } },
      { createdBy: currentUser._id, plugin: 'documents', action: 'documentsAdd', contentId: documentsAdd._id, changes: entries[1]!.changes },
    ]);
    assert.deepEqual(entries[1]!.changes.name, { before: null, after: 'Lease' });

    const connection = await mongoose.createConnection(topology.mongoUrl).asPromise();
    try {
      const stored = await connection.useDb(logsDatabase).collection('activity_logs').countDocuments({ contentId: documentsAdd._id });
      assert.equal(stored, 2, `the entries are in the logs plugin's database ${logsDatabase}`);
    } finally {
      await connection.close();
    }
  });
});
