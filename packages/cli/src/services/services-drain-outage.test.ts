import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
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
    process.kill(core.child.pid, 'SIGSTOP');
    const stoppedAt = Date.now();
    const failures: string[] = [];
    let answered = 0;
    let logins = 0;
    try {
      await untilGatewaySees(topology.gatewayUrl, 'core', 'down');
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
        assert.match(login.errors?.[0]?.message ?? '', /unavailable/);
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
