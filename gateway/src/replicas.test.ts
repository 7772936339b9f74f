import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Gateway } from './index.js';
import { postGraphql } from './test-support/post-graphql.js';
import { operationsSeen, replicaStatus } from './test-support/replica-health.js';
import { startTestGateway } from './test-support/sample-gateway.js';
import { subscribeOverWebSocket } from './test-kit/subscribe-over-websocket.js';
import { startContactsHost, startDocumentsHost, startNotificationsHost } from './test-support/sample-plugins.js';
import type { TestPluginHost } from './test-support/test-plugin-host.js';
import { waitFor } from './test-support/wait-for.js';

// One fast-path query (documents alone) and one the planner splits across documents and contacts.
const FAST = { query: '{ documents { id name } }' };
const FAST_ANSWER = { data: { documents: [{ id: 'd1', name: 'Contract' }, { id: 'd2', name: 'Invoice' }] } };
const PLANNED = { query: '{ documents { id owner { name } } }' };
const PLANNED_ANSWER = { data: { documents: [{ id: 'd1', owner: { name: 'Ada' } }, { id: 'd2', owner: { name: 'Grace' } }] } };

interface Load {
  ok: number;
  failures: string[];
  stop(): Promise<void>;
}

/** `concurrency` clients sending the two queries in turn, as fast as they are answered, until stopped. */
function startLoad(gateway: Gateway, concurrency: number): Load {
  let running = true;
  const load: Load = { ok: 0, failures: [], stop: async () => {} };
  const client = async (index: number): Promise<void> => {
    for (let turn = index; running; turn++) {
      const [payload, answer] = turn % 2 === 0 ? [FAST, FAST_ANSWER] : [PLANNED, PLANNED_ANSWER];
      try {
        const response = await postGraphql(gateway.url, payload);
        assert.deepEqual(response.body, answer);
        load.ok += 1;
      } catch (error) {
        load.failures.push(String(error instanceof Error ? error.message : error));
      }
    }
  };
  const clients = Array.from({ length: concurrency }, (_unused, index) => client(index));
  load.stop = async () => {
    running = false;
    await Promise.all(clients);
  };
  return load;
}

describe('a plugin with two replicas', () => {
  let first: TestPluginHost;
  let second: TestPluginHost;
  let contacts: TestPluginHost;
  let gateway: Gateway;

  before(async () => {
    [first, second, contacts] = await Promise.all([startDocumentsHost(), startDocumentsHost(), startContactsHost()]);
    // 500 ms probes, 1 s probe time-out: what a replicated plugin gets by default.
    gateway = await startTestGateway({
      pollIntervalMs: 500,
      subgraphs: [
        { name: 'documents', urls: [first.url, second.url] },
        { name: 'contacts', urls: [contacts.url] },
      ],
    });
  });
  after(async () => {
    await gateway.stop();
    await Promise.all([first.dispose(), second.dispose(), contacts.dispose()]);
  });
  beforeEach(async () => {
    await Promise.all([first.start(), second.start()]);
    for (const host of [first, second]) {
      host.setReady(true);
      host.slowReady(0, 0);
      host.setResetGraphql(false);
    }
    await waitFor('both replicas up', async () =>
      (await replicaStatus(gateway, 'documents', first)) === 'up' && (await replicaStatus(gateway, 'documents', second)) === 'up',
    );
  });

  it('shares the load: fast path, planner and the /pl: proxy all reach both replicas', async () => {
    const before = [operationsSeen(first), operationsSeen(second)];
    for (let turn = 0; turn < 10; turn++) {
      assert.deepEqual((await postGraphql(gateway.url, FAST)).body, FAST_ANSWER);
      assert.deepEqual((await postGraphql(gateway.url, PLANNED)).body, PLANNED_ANSWER);
    }
    const served = [operationsSeen(first) - before[0]!, operationsSeen(second) - before[1]!];
    assert.equal(served[0]! + served[1]!, 20);
    assert.ok(served[0]! >= 5 && served[1]! >= 5, `20 operations split ${served.join('/')}`);

    const proxied = new Set<string>();
    for (let turn = 0; turn < 6; turn++) {
      const response = await fetch(`${gateway.url}/pl:documents/echo`);
      assert.equal(response.status, 201);
      proxied.add(((await response.json()) as { headers: Record<string, string> }).headers['host'] ?? '');
    }
    assert.deepEqual(proxied, new Set([new URL(first.url).host, new URL(second.url).host]));
  });

  it('loses no query when a replica is killed, and uses it again once it is back, without a restart', async () => {
    const load = startLoad(gateway, 4);
    try {
      await waitFor('traffic on the first replica', () => operationsSeen(first) > 10);
      await first.stop();
      const noticed = await waitFor('the killed replica taken out', async () => (await replicaStatus(gateway, 'documents', first)) === 'down');
      assert.ok(noticed < 2000, `taken out after ${noticed} ms`);
      const okWhenKilled = load.ok;
      await waitFor('queries served by the other replica alone', () => load.ok > okWhenKilled + 20);
      // A mutation the killed host refuses never reached it, so it goes to the other one.
      const login = await postGraphql(gateway.url, { query: 'mutation { login(name: "ada") }' });
      assert.deepEqual(login.body, { data: { login: 'ada' } });

      const seenWhileDown = operationsSeen(first);
      await first.start();
      await waitFor('the returned replica serving again', () => operationsSeen(first) > seenWhileDown + 5);
    } finally {
      await load.stop();
    }
    assert.deepEqual(load.failures, []);
    assert.ok(load.ok > 40, `${load.ok} queries answered`);
  });

  it('keeps a replica whose probe was slow once, and takes it out after three slow probes in a row', async () => {
    const probes = first.readyProbes();
    first.slowReady(1500, 1);
    // Long enough for the slow probe to time out (1 s) and several more rounds to follow.
    const until = Date.now() + 3000;
    while (Date.now() < until) {
      assert.equal(await replicaStatus(gateway, 'documents', first), 'up');
      assert.deepEqual((await postGraphql(gateway.url, FAST)).body, FAST_ANSWER);
    }
    assert.ok(first.readyProbes() >= probes + 3, 'the slow probe and the ones after it happened');

    const before = first.readyProbes();
    first.slowReady(1500, 1000);
    const tookMs = await waitFor('the replica taken out', async () => (await replicaStatus(gateway, 'documents', first)) === 'down', 8000);
    assert.ok(first.readyProbes() - before >= 3, `taken out after ${first.readyProbes() - before} slow probes`);
    assert.ok(tookMs >= 2500, `three 1 s time-outs take at least 2.5 s, took ${tookMs} ms`);
  });

  it('takes a draining replica (503 on /health/ready) out at the next probe, and back when it is ready', async () => {
    first.setReady(false);
    const tookMs = await waitFor('the draining replica taken out', async () => (await replicaStatus(gateway, 'documents', first)) === 'down');
    assert.ok(tookMs < 2000, `taken out after ${tookMs} ms`);
    const seen = operationsSeen(first);
    for (let turn = 0; turn < 6; turn++) assert.deepEqual((await postGraphql(gateway.url, FAST)).body, FAST_ANSWER);
    assert.equal(operationsSeen(first), seen, 'no query reached the draining replica');

    first.setReady(true);
    await waitFor('the replica back', async () => (await replicaStatus(gateway, 'documents', first)) === 'up');
  });

  it('retries a query the replica dropped without answering, but never a mutation', async () => {
    first.setResetGraphql(true);
    const queriesBefore = [operationsSeen(first), operationsSeen(second)];
    const fastBefore = second.graphqlBodies.filter((body) => body === JSON.stringify(FAST)).length;
    for (let turn = 0; turn < 6; turn++) {
      assert.deepEqual((await postGraphql(gateway.url, FAST)).body, FAST_ANSWER);
      assert.deepEqual((await postGraphql(gateway.url, PLANNED)).body, PLANNED_ANSWER);
    }
    assert.ok(operationsSeen(first) > queriesBefore[0]!, 'some queries went to the dropping replica');
    assert.equal(operationsSeen(second) - queriesBefore[1]!, 12, 'and every one was answered by the other');
    // The fast path sent the client's own bytes to the other replica, rather than leaving it to the planner.
    const sentAsIs = (host: TestPluginHost) => host.graphqlBodies.filter((body) => body === JSON.stringify(FAST)).length;
    assert.equal(sentAsIs(second) - fastBefore, 6);

    const mutationsBefore = [operationsSeen(first, 'login'), operationsSeen(second, 'login')];
    const answers = [];
    for (let turn = 0; turn < 6; turn++) answers.push(await postGraphql(gateway.url, { query: `mutation { login(name: "m${turn}") }` }));
    const dropped = operationsSeen(first, 'login') - mutationsBefore[0]!;
    const done = operationsSeen(second, 'login') - mutationsBefore[1]!;
    assert.ok(dropped >= 1, 'some mutations went to the dropping replica');
    assert.equal(dropped + done, 6, 'each mutation reached exactly one replica, once');
    const failed = answers.filter(({ body }) => body.errors?.[0]?.extensions?.['code'] === 'PLUGIN_UNAVAILABLE');
    assert.equal(failed.length, dropped);
    for (const { body } of failed) assert.equal(body.errors?.[0]?.message, 'Plugin "documents" is unavailable');
  });
});

describe('subscriptions to a plugin with two replicas', () => {
  it('are spread over the replicas that are up', async () => {
    const [first, second] = await Promise.all([startNotificationsHost(), startNotificationsHost()]);
    const gateway = await startTestGateway({ subgraphs: [{ name: 'notifications', urls: [first.host.url, second.host.url] }] });
    const sentWith = async (): Promise<void> => {
      const subscription = subscribeOverWebSocket<{ sentWith: string }>(`${gateway.url}/graphql`, { query: 'subscription { sentWith }' }, { cookie: 'auth-token=t1' });
      try {
        assert.equal((await subscription.next()).data?.sentWith, 'auth-token=t1 -');
      } finally {
        await subscription.close();
      }
    };
    try {
      for (let turn = 0; turn < 4; turn++) await sentWith();
      assert.deepEqual([first.host.upgradeHeaders.length, second.host.upgradeHeaders.length], [2, 2]);

      await first.host.stop();
      await gateway.refresh();
      for (let turn = 0; turn < 2; turn++) await sentWith();
      assert.deepEqual([first.host.upgradeHeaders.length, second.host.upgradeHeaders.length], [2, 4]);
    } finally {
      await gateway.stop();
      await Promise.all([first.host.dispose(), second.host.dispose()]);
    }
  });
});

describe('the list of replicas', () => {
  it('is refused when empty, when a url repeats, or when one is not http(s), naming the plugin and url', async () => {
    const cases: Array<[string[], RegExp]> = [
      [[], /plugin "documents" has no url/],
      [['http://127.0.0.1:4101', 'http://127.0.0.1:4101/'], /plugin "documents" lists url "http:\/\/127\.0\.0\.1:4101\/" twice/],
      [['http://127.0.0.1:4101', 'ftp://127.0.0.1:4102'], /plugin "documents" url must be http\(s\), got "ftp:\/\/127\.0\.0\.1:4102"/],
      [['not a url'], /plugin "documents" has an invalid url "not a url"/],
    ];
    for (const [urls, message] of cases) {
      await assert.rejects(startTestGateway({ subgraphs: [{ name: 'documents', urls }] }), message);
    }
  });
});
