import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Gateway } from './index.js';
import { postGraphql } from './test-support/post-graphql.js';
import { replicaStatus } from './test-support/replica-health.js';
import { startTestGateway } from './test-support/sample-gateway.js';
import { startContactsHost, startDocumentsHost } from './test-support/sample-plugins.js';
import type { TestPluginHost } from './test-support/test-plugin-host.js';
import { waitFor } from './test-support/wait-for.js';

// Issue 28: a host whose probes time out while it answers requests is busy, not dead.
describe('health that tells slow from dead', () => {
  let documents: TestPluginHost;
  let contacts: TestPluginHost;
  let gateway: Gateway;

  before(async () => {
    [documents, contacts] = await Promise.all([startDocumentsHost(), startContactsHost()]);
    gateway = await startTestGateway({
      pollIntervalMs: 500,
      subgraphs: [
        { name: 'documents', urls: [documents.url] },
        { name: 'contacts', urls: [contacts.url] },
      ],
    });
  });
  after(async () => {
    await gateway.stop();
    await Promise.all([documents.dispose(), contacts.dispose()]);
  });

  it('keeps a replica whose probes time out while its requests are answered, and takes it out once nothing answers', async () => {
    const probes = documents.readyProbes();
    documents.slowReady(3_000, 1_000);
    // Several rounds of timed-out probes (1 s each) while queries keep coming back.
    const until = Date.now() + 5_000;
    while (Date.now() < until) {
      const answer = await postGraphql(gateway.url, { query: '{ documents { id } }' });
      assert.equal(answer.body.errors, undefined, JSON.stringify(answer.body.errors));
      assert.equal(await replicaStatus(gateway, 'documents', documents), 'up');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.ok(documents.readyProbes() - probes >= 3, `${documents.readyProbes() - probes} probes happened`);
    // No requests now: the timed-out probes count, and the replica is taken out (contacts, answering, stays).
    await waitFor('the silent replica taken out', async () => (await replicaStatus(gateway, 'documents', documents)) === 'down', 15_000);
    assert.equal(await replicaStatus(gateway, 'contacts', contacts), 'up');
    documents.slowReady(0, 0);
  });
});
