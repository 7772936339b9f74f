import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { subscribeOverWebSocket } from '@lattice/gateway/test-kit';
import { signInUnavailableMessage } from '@lattice/contracts';
import { logIn } from '@lattice/platform/test-kit';
import { postGraphQL, steadyLoad } from '../test-kit/graphql-over-http.js';
import { startServicesTopology, type ServicesTopology } from '../test-kit/services-topology.js';

// Issue 34, with real processes: SIGTERM on the only documents host while a new one starts, and the core host
// stopped for real (SIGSTOP) for LATTICE_CORE_OUTAGE_MS (default the 60 s).
const coreOutageMs = Number(process.env.LATTICE_CORE_OUTAGE_MS ?? 60_000);

let topology: ServicesTopology;
let graphqlUrl: string;
let cookie: string;

before(async () => {
  // One documents host; the gateway also lists the spare address the next one starts on. A drain grace of 3 min,
  // not the default 25 s: on a loaded 2-core machine a new host took 65 s to be ready, and the old one must outlast it.
  topology = await startServicesTopology({ documentsHosts: 1, env: { LATTICE_DRAIN_GRACE_MS: '180000' } });
  graphqlUrl = `${topology.gatewayUrl}/graphql`;
  cookie = await logIn(graphqlUrl, topology.owner);
});
after(async () => {
  const core = topology?.others.find((role) => role.role === 'core');
  if (core?.child.pid) process.kill(core.child.pid, 'SIGCONT');
  await topology?.stop();
});

const countDocuments = async () => {
  const answer = await postGraphQL<{ documentsTotalCount: number }>(graphqlUrl, '{ documentsTotalCount }', { cookie, timeoutMs: 20_000 });
  return answer.status === 200 && answer.errors === undefined && typeof answer.data?.documentsTotalCount === 'number';
};

describe('services mode: drains and outages (issue 34)', { timeout: 600_000 }, () => {
  it('SIGTERM on the only documents host while a new one starts, under steady load: 0 failed requests', async () => {
    const [only] = topology.documents;
    assert.ok(only && topology.documents.length === 1);
    const load = steadyLoad(4, countDocuments);
    try {
      await waitUntil(() => load.successes() >= 20, 'traffic before SIGTERM');
      const joining = topology.startSpareDocumentsHost();
      const stopped = only.stop('SIGTERM');
      const [exitCode] = await Promise.all([stopped, joining]);
      assert.equal(exitCode, 0, only.output());
      assert.match(only.output(), /lattice host: stopped/);
      const after = load.successes();
      await waitUntil(() => load.successes() >= after + 40, 'traffic after the drain, served by the new host alone');
    } finally {
      await load.stop();
    }
    assert.deepEqual(load.failures, [], `${load.failures.length} failed of ${load.successes() + load.failures.length}`);
  });

  it(`core stopped ${coreOutageMs / 1000} s: a logged-in user's queries keep being answered, login answers 503 "temporarily unavailable"`, async () => {
    const core = topology.others.find((role) => role.role === 'core');
    assert.ok(core?.child.pid);
    assert.ok(await countDocuments(), 'the session is verified before the outage');
    // The inbox host verifies the session too, by a subscription that gets a conversation's change; a second
    // login is never used on it, so during the outage no host can say whether that session is live.
    const conversationId = await verifySubscriptionBeforeOutage();
    const unverifiedCookie = await logIn(graphqlUrl, topology.owner);
    process.kill(core.child.pid, 'SIGSTOP');
    const stoppedAt = Date.now();
    const failures: string[] = [];
    let answered = 0;
    let logins = 0;
    try {
      await untilGatewaySees(topology.gatewayUrl, 'core', 'down');
      await subscriptionsDuringOutage(conversationId, unverifiedCookie);
      while (Date.now() - stoppedAt < coreOutageMs) {
        const answer = await postGraphQL<{ documentsTotalCount: number }>(graphqlUrl, '{ documentsTotalCount }', { cookie, timeoutMs: 20_000 });
        if (answer.status === 200 && !answer.errors) answered += 1;
        else failures.push(`${Date.now() - stoppedAt} ms: ${answer.status} ${JSON.stringify(answer.errors)}`);
        const login = await postGraphQL(graphqlUrl, 'mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { _id } }', {
          variables: topology.owner,
          timeoutMs: 20_000,
        });
        assert.equal(login.status, 503, JSON.stringify(login.errors));
        assert.equal(login.errors?.[0]?.extensions?.code, 'PLUGIN_UNAVAILABLE');
        // The service is down for a while: not `Plugin "core" is unavailable`, nor a wrong password or an ended session.
        assert.equal(login.errors?.[0]?.message, signInUnavailableMessage);
        assert.match(signInUnavailableMessage, /^Sign-in is temporarily unavailable/);
        assert.equal(login.headers.get('set-cookie'), null);
        logins += 1;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    } finally {
      process.kill(core.child.pid, 'SIGCONT');
    }
    assert.deepEqual(failures, [], `${answered} answered`);
    assert.ok(answered >= 10 && logins >= 10, `${answered} queries answered, ${logins} logins refused as unavailable`);
    // The core is back: logging in works again.
    await untilGatewaySees(topology.gatewayUrl, 'core', 'up', 120_000);
    assert.ok(await logIn(graphqlUrl, topology.owner));
  });
});

/** Opens a subscription to conversation changes on the inbox host and sees it deliver; returns the conversation. */
async function verifySubscriptionBeforeOutage(): Promise<string> {
  const created = await postGraphQL<{ integrationsCreateExternalIntegration: { _id: string; webhookToken: string } }>(
    graphqlUrl,
    'mutation { integrationsCreateExternalIntegration(kind: "imap", name: "Outage") { _id webhookToken } }',
    { cookie },
  );
  assert.equal(created.errors, undefined, JSON.stringify(created.errors));
  const integration = created.data!.integrationsCreateExternalIntegration;
  const subscription = subscribeOverWebSocket<{ conversationChanged: { _id: string } }>(graphqlUrl, { query: 'subscription { conversationChanged { _id } }' }, { cookie });
  try {
    const result = await subscription.untilResult(
      async () => {
        const response = await fetch(`${topology.integrationsUrl}/imap/receive`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-integration-token': integration.webhookToken },
          body: JSON.stringify({
            integrationId: integration._id,
            messageId: `<outage-${Date.now()}@lattice.test>`,
            subject: 'Before the outage',
            body: 'A conversation to change while the core is stopped',
            from: [{ name: 'Ada', address: 'ada@example.com' }],
            to: [{ name: 'Support', address: 'support@lattice.test' }],
          }),
        });
        assert.equal(response.status, 200, await response.text());
      },
      { everyMs: 1_000, timeoutMs: 60_000 },
    );
    assert.ok(result.data?.conversationChanged._id, JSON.stringify(result));
    return result.data.conversationChanged._id;
  } finally {
    await subscription.close();
  }
}

/**
 * While the core is stopped: a subscription of the session the inbox host verified is accepted and delivers; one
 * of a session no host could verify is refused as temporarily unavailable (retryable), not as logged out.
 */
async function subscriptionsDuringOutage(conversationId: string, unverifiedCookie: string): Promise<void> {
  const verified = subscribeOverWebSocket<{ conversationChanged: { _id: string } }>(graphqlUrl, { query: 'subscription { conversationChanged { _id } }' }, { cookie });
  try {
    let status: 'open' | 'closed' = 'closed';
    const result = await verified.untilResult(
      async () => {
        const changed = await postGraphQL(graphqlUrl, 'mutation ($ids: [String!]!, $status: ConversationStatus!) { conversationsChangeStatus(_ids: $ids, status: $status) { _id } }', {
          variables: { ids: [conversationId], status },
          cookie,
          timeoutMs: 20_000,
        });
        assert.equal(changed.errors, undefined, JSON.stringify(changed.errors));
        status = status === 'open' ? 'closed' : 'open';
      },
      { everyMs: 1_000, timeoutMs: 60_000 },
    );
    assert.equal(result.data?.conversationChanged._id, conversationId, JSON.stringify(result));
  } finally {
    await verified.close();
  }
  const unverified = subscribeOverWebSocket(graphqlUrl, { query: 'subscription { conversationChanged { _id } }' }, { cookie: unverifiedCookie });
  try {
    const end = await unverified.end(30_000);
    assert.equal(end.kind, 'error', JSON.stringify(end));
    assert.equal(end.kind === 'error' && end.errors[0]?.extensions?.code, 'PLUGIN_UNAVAILABLE', JSON.stringify(end));
    assert.equal(end.kind === 'error' && end.errors[0]?.message, signInUnavailableMessage, JSON.stringify(end));
  } finally {
    await unverified.close();
  }
}

async function waitUntil(condition: () => boolean, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function untilGatewaySees(gatewayUrl: string, plugin: string, status: 'up' | 'down', timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const health = (await (await fetch(`${gatewayUrl}/health`)).json()) as { plugins?: Record<string, string> };
    if (health.plugins?.[plugin] === status) return;
    if (Date.now() > deadline) throw new Error(`the gateway never saw ${plugin} ${status}: ${JSON.stringify(health)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
