import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { logIn } from '@lattice/platform/test-kit';
import { subscribeOverWebSocket } from '@lattice/gateway/test-kit';
import { postGraphQL, steadyLoad } from '../test-kit/graphql-over-http.js';
import { startServicesTopology, type ServicesTopology } from '../test-kit/services-topology.js';

let topology: ServicesTopology;
let graphqlUrl: string;
let cookie: string;

before(async () => {
  topology = await startServicesTopology();
  // Through the front-end's port, as the browser reaches the gateway.
  graphqlUrl = `${topology.frontendUrl}/gateway/graphql`;
  cookie = await logIn(graphqlUrl, topology.owner);
});
after(async () => {
  await topology?.stop();
});

async function ask<TData = Record<string, unknown>>(query: string, variables?: Record<string, unknown>) {
  const answer = await postGraphQL<TData>(graphqlUrl, query, { variables, cookie });
  assert.equal(answer.errors, undefined, `${query}: ${JSON.stringify(answer.errors)}`);
  return answer.data!;
}

const countDocuments = async () => {
  const answer = await postGraphQL<{ documentsTotalCount: number }>(graphqlUrl, '{ documentsTotalCount }', { cookie, timeoutMs: 10_000 });
  return answer.status === 200 && answer.errors === undefined && typeof answer.data?.documentsTotalCount === 'number';
};

describe('services mode: every role its own process', { timeout: 600_000 }, () => {
  it('serves every documents operation through the front-end port', async () => {
    const type = (await ask<{ documentTypesAdd: { _id: string } }>('mutation { documentTypesAdd(name: "Invoice") { _id } }')).documentTypesAdd;
    await ask('mutation ($id: String!) { documentTypesEdit(_id: $id, name: "Invoices") { _id } }', { id: type._id });
    const added = await ask<{ documentsAdd: { _id: string } }>(
      'mutation ($typeId: String) { documentsAdd(name: "March", typeId: $typeId, checked: false, expiryDate: "2027-01-01T00:00:00.000Z") { _id } }',
      { typeId: type._id },
    );
    await ask('mutation ($id: String!) { documentsEdit(_id: $id, checked: true) { _id } }', { id: added.documentsAdd._id });
    const listed = await ask<{ documents: unknown[]; documentTypes: unknown[]; documentsTotalCount: number }>(
      'query ($typeId: String) { documents(typeId: $typeId) { name checked currentType { name } } documentTypes { name } documentsTotalCount }',
      { typeId: type._id },
    );
    assert.deepEqual(listed, {
      documents: [{ name: 'March', checked: true, currentType: { name: 'Invoices' } }],
      documentTypes: [{ name: 'Invoices' }],
      documentsTotalCount: 1,
    });
    await ask('mutation ($id: String!) { documentsRemove(_id: $id) }', { id: added.documentsAdd._id });
    await ask('mutation ($id: String!) { documentTypesRemove(_id: $id) }', { id: type._id });
    assert.deepEqual(await ask('{ documentsTotalCount documentTypes { _id } }'), { documentsTotalCount: 0, documentTypes: [] });

    const requestId = await postGraphQL(graphqlUrl, '{ documentsTotalCount }', { cookie, headers: { 'x-request-id': 'services-test-1' } });
    assert.equal(requestId.headers.get('x-request-id'), 'services-test-1');
  });

  it('delivers mail to /integrations/imap/receive and tells a conversationChanged subscriber', async () => {
    const created = await ask<{ integrationsCreateExternalIntegration: { _id: string; webhookToken: string } }>(
      'mutation { integrationsCreateExternalIntegration(kind: "imap", name: "Support") { _id webhookToken } }',
    );
    const integration = created.integrationsCreateExternalIntegration;
    const subscription = subscribeOverWebSocket<{ conversationChanged: { _id: string; content: string } }>(
      graphqlUrl,
      { query: 'subscription { conversationChanged { _id content } }' },
      { cookie },
    );
    try {
      const result = await subscription.untilResult(async () => {
        const response = await fetch(`${topology.integrationsUrl}/imap/receive`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-integration-token': integration.webhookToken },
          body: JSON.stringify({
            integrationId: integration._id,
            messageId: `<services-${Date.now()}@lattice.test>`,
            subject: 'Across processes',
            body: 'Does it arrive?',
            from: [{ name: 'Ada', address: 'ada@example.com' }],
            to: [{ name: 'Support', address: 'support@lattice.test' }],
          }),
        });
        assert.equal(response.status, 200, await response.text());
      });
      assert.equal(result.errors, undefined);
      assert.match(result.data?.conversationChanged.content ?? '', /Across processes|Does it arrive/);
    } finally {
      await subscription.close();
    }
  });

  it('fails requests for at most 2 s when a documents host is killed, then none; a new host joins without a gateway restart', async () => {
    const load = steadyLoad(2, countDocuments);
    try {
      await waitUntil(() => load.successes() >= 20, 'traffic before the kill');
      const killedAt = Date.now();
      await topology.documents[0]!.stop('SIGKILL');
      const successesAfterKill = load.successes();
      await waitUntil(() => load.successes() >= successesAfterKill + 40, 'traffic after the kill');
      const late = load.failures.filter((at) => at - killedAt > 2_000);
      assert.deepEqual(late, [], `failures more than 2 s after the kill: ${load.failures.map((at) => at - killedAt).join(', ')} ms`);

      await topology.startSpareDocumentsHost();
      await waitForReplicasUp(topology.gatewayUrl, 'documents', 2);
    } finally {
      await load.stop();
    }
  });

  it('drains a documents host on SIGTERM under load with zero failed requests, the one that joined serving the rest', async () => {
    // After the failover test: the first host is dead, the second and the one that joined serve documents.
    const [draining, joined] = topology.documents.slice(1);
    assert.ok(draining && joined);
    const load = steadyLoad(2, countDocuments);
    try {
      await waitUntil(() => load.successes() >= 20, 'traffic before SIGTERM');
      assert.equal(await draining.stop('SIGTERM'), 0, draining.output());
      assert.match(draining.output(), /lattice host: stopped/);
      // Only the host that joined is left: every answer from here on is its.
      const after = load.successes();
      await waitUntil(() => load.successes() >= after + 40, 'traffic after the drain');
      assert.deepEqual(load.failures, []);
    } finally {
      await load.stop();
    }
  });
});

async function waitUntil(condition: () => boolean, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function waitForReplicasUp(gatewayUrl: string, plugin: string, count: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const health = (await (await fetch(`${gatewayUrl}/health`)).json()) as { replicas: Record<string, Array<{ status: string }>> };
    if ((health.replicas[plugin] ?? []).filter((replica) => replica.status === 'up').length >= count) return;
    if (Date.now() > deadline) throw new Error(`${plugin} never had ${count} replicas up: ${JSON.stringify(health.replicas[plugin])}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
