import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pino } from 'pino';
import type { Gateway } from './index.js';
import { startHeldHost, type HeldHost } from './test-support/held-host.js';
import { postGraphql, type GraphqlResponse } from './test-support/post-graphql.js';
import { startTestGateway } from './test-support/sample-gateway.js';
import { startDocumentsHost } from './test-support/sample-plugins.js';
import type { TestPluginHost } from './test-support/test-plugin-host.js';
import { waitFor } from './test-support/wait-for.js';

const SHARING = 'sharing an identical subgraph request in flight';
const REPORT = { query: 'query Report($id: ID!) { report(id: $id) { id call viewer } }', variables: { id: 'r1' } };
// Long enough for a loaded 2-core machine; the waits end as soon as the gateway says what they wait for.
const PATIENCE_MS = 20_000;

describe('in-flight deduplication', () => {
  let held: HeldHost;
  let documents: TestPluginHost;
  let gateway: Gateway;
  let logLines: Array<{ msg: string; plugin?: string }> = [];
  const joined = (plugin: string) => logLines.filter((line) => line.msg === SHARING && line.plugin === plugin).length;

  before(async () => {
    [held, documents] = await Promise.all([startHeldHost(), startDocumentsHost()]);
    gateway = await startTestGateway({
      // These tests hold several requests of one caller at the subgraph at once, past the fair-turn default.
      turnsPerCaller: 8,
      logger: pino({ level: 'debug' }, { write: (line: string) => void logLines.push(JSON.parse(line) as { msg: string }) }),
      subgraphs: [
        { name: 'held', urls: [held.host.url] },
        { name: 'documents', urls: [documents.url] },
      ],
    });
  });
  after(async () => {
    held.release();
    await gateway.stop();
    await Promise.all([held.host.dispose(), documents.dispose()]);
  });
  beforeEach(() => {
    logLines = [];
    held.release();
  });

  it('runs concurrent identical queries of one user once and gives every request the answer', async () => {
    const before = held.calls.report;
    held.hold();
    const answers = Array.from({ length: 5 }, () => postGraphql(gateway.url, REPORT, { cookie: 'auth-token=ada' }));
    await waitFor('four requests sharing the first one', () => joined('held') === 4, PATIENCE_MS);
    held.release();
    const responses = await Promise.all(answers);
    assert.equal(held.calls.report - before, 1, 'the subgraph ran the query once');
    for (const response of responses) {
      assert.equal(response.status, 200);
      assert.deepEqual(response.body, { data: { report: { id: 'r1', call: before + 1, viewer: 'auth-token=ada' } } });
    }
    // Each request keeps its own id, though they share one answer.
    assert.equal(new Set(responses.map(({ headers }) => headers.get('x-request-id'))).size, 5);
  });

  it('runs the same query of two users twice, each with its own answer', async () => {
    const before = held.calls.report;
    held.hold();
    const answers = ['ada', 'bob'].map((user) => postGraphql(gateway.url, REPORT, { cookie: `auth-token=${user}` }));
    await waitFor('both queries at the subgraph at once', () => held.calls.report - before === 2, PATIENCE_MS);
    held.release();
    const viewers = (await Promise.all(answers)).map(({ body }) => (body.data?.['report'] as { viewer: string }).viewer);
    assert.deepEqual(viewers, ['auth-token=ada', 'auth-token=bob']);
    assert.equal(joined('held'), 0);
  });

  it('never shares a mutation', async () => {
    const before = held.calls.bump;
    held.hold();
    const answers = Array.from({ length: 3 }, () => postGraphql(gateway.url, { query: 'mutation { bump }' }, { cookie: 'auth-token=ada' }));
    await waitFor('three mutations at the subgraph at once', () => held.calls.bump - before === 3, PATIENCE_MS);
    held.release();
    const bumps = (await Promise.all(answers)).map(({ body }) => body.data?.['bump'] as number).sort((x, y) => x - y);
    assert.deepEqual(bumps, [before + 1, before + 2, before + 3]);
    assert.equal(joined('held'), 0);
  });

  it('fails every request waiting on a failed call with its error, and calls again for the next one', async () => {
    const before = held.calls.report;
    held.failNextReport();
    held.hold();
    const answers = Array.from({ length: 3 }, () => postGraphql(gateway.url, REPORT, { cookie: 'auth-token=ada' }));
    await waitFor('two requests sharing the failing one', () => joined('held') === 2, PATIENCE_MS);
    held.release();
    for (const response of await Promise.all(answers)) {
      assert.equal(response.body.errors?.[0]?.message, `report call ${before + 1} failed`);
      assert.equal(response.body.data?.['report'], null);
    }
    const next = await postGraphql(gateway.url, REPORT, { cookie: 'auth-token=ada' });
    assert.deepEqual(next.body, { data: { report: { id: 'r1', call: before + 2, viewer: 'auth-token=ada' } } });
    assert.equal(held.calls.report - before, 2);
  });

  it('keeps the shared call going for the others when one client goes away', async () => {
    const before = held.calls.report;
    held.hold();
    const leaving = new AbortController();
    const gone = fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'auth-token=ada' },
      body: JSON.stringify(REPORT),
      signal: leaving.signal,
    }).catch((error: unknown) => error);
    await waitFor('the first request at the subgraph', () => held.calls.report - before === 1, PATIENCE_MS);
    const staying = [postGraphql(gateway.url, REPORT, { cookie: 'auth-token=ada' })];
    await waitFor('one request sharing it', () => joined('held') === 1, PATIENCE_MS);
    leaving.abort();
    assert.equal(((await gone) as Error).name, 'AbortError');
    // A request that arrives after the abort still joins the same call: it was not cancelled.
    staying.push(postGraphql(gateway.url, REPORT, { cookie: 'auth-token=ada' }));
    await waitFor('two requests sharing it', () => joined('held') === 2, PATIENCE_MS);
    held.release();
    for (const response of await Promise.all(staying)) {
      assert.deepEqual(response.body, { data: { report: { id: 'r1', call: before + 1, viewer: 'auth-token=ada' } } });
    }
    assert.equal(held.calls.report - before, 1);
  });

  it('gives a no-cache query a call of its own, read after it arrived, which later queries share', async () => {
    const before = held.calls.report;
    const headersBefore = held.host.graphqlHeaders.length;
    const fresh = { query: 'query Report($id: ID!) { report(id: $id) { id call version } }', variables: { id: 'r1' } };
    const ada = { cookie: 'auth-token=ada' };
    held.hold();
    const first = postGraphql(gateway.url, fresh, ada);
    await waitFor('the first query at the subgraph', () => held.calls.report - before === 1, PATIENCE_MS);
    held.change();
    // Without the header a query still shares the call that read the data before the change.
    const plain = postGraphql(gateway.url, fresh, ada);
    await waitFor('a plain query sharing the first call', () => joined('held') === 1, PATIENCE_MS);
    const noCache = postGraphql(gateway.url, fresh, { ...ada, 'cache-control': 'no-cache' });
    await waitFor('the no-cache query at the subgraph itself', () => held.calls.report - before === 2, PATIENCE_MS);
    const after = postGraphql(gateway.url, fresh, ada);
    await waitFor('a later plain query sharing the no-cache call', () => joined('held') === 2, PATIENCE_MS);
    held.release();
    const reports = (await Promise.all([first, plain, noCache, after])).map(({ body }) => body.data?.['report']);
    const old = reports[0] as { version: number };
    assert.deepEqual(reports, [
      { id: 'r1', call: before + 1, version: old.version },
      { id: 'r1', call: before + 1, version: old.version },
      { id: 'r1', call: before + 2, version: old.version + 1 },
      { id: 'r1', call: before + 2, version: old.version + 1 },
    ]);
    assert.equal(held.calls.report - before, 2);
    // The directive is the gateway's: the plugin's answer does not depend on it.
    assert.ok(held.host.graphqlHeaders.slice(headersBefore).every((headers) => headers['cache-control'] === undefined));
  });

  it('takes Pragma: no-cache as no-cache when there is no Cache-Control', async () => {
    const before = held.calls.report;
    held.hold();
    const first = postGraphql(gateway.url, REPORT, { cookie: 'auth-token=ada' });
    await waitFor('the first query at the subgraph', () => held.calls.report - before === 1, PATIENCE_MS);
    const pragma = postGraphql(gateway.url, REPORT, { cookie: 'auth-token=ada', pragma: 'no-cache' });
    await waitFor('the pragma query at the subgraph itself', () => held.calls.report - before === 2, PATIENCE_MS);
    held.release();
    const calls = (await Promise.all([first, pragma])).map(({ body }) => (body.data?.['report'] as { call: number }).call);
    assert.deepEqual(calls, [before + 1, before + 2]);
    assert.equal(joined('held'), 0);
  });

  it('gives the planner sub-requests of a no-cache query calls of their own too', async () => {
    const before = held.calls.note;
    const planned = { query: '{ documents { id noteVersion } }' };
    held.hold();
    const first = postGraphql(gateway.url, planned, { cookie: 'auth-token=ada' });
    await waitFor('the first entity fetch at the subgraph', () => held.calls.note - before === 1, PATIENCE_MS);
    held.change();
    const noCache = postGraphql(gateway.url, planned, { cookie: 'auth-token=ada', 'cache-control': 'max-age=0, no-cache' });
    await waitFor('the no-cache entity fetch at the subgraph itself', () => held.calls.note - before === 2, PATIENCE_MS);
    const later = postGraphql(gateway.url, planned, { cookie: 'auth-token=ada' });
    await waitFor('a later plain query sharing the no-cache entity fetch', () => joined('held') === 1, PATIENCE_MS);
    held.release();
    const versions = (await Promise.all([first, noCache, later])).map(({ body }) =>
      (body.data?.['documents'] as Array<{ noteVersion: number }>).map(({ noteVersion }) => noteVersion),
    );
    const old = versions[0]![0]!;
    assert.deepEqual(versions, [
      [old, old],
      [old + 1, old + 1],
      [old + 1, old + 1],
    ]);
    assert.equal(held.calls.note - before, 2);
  });

  it('shares the planner sub-requests of identical planned queries too', async () => {
    const before = held.calls.note;
    held.hold();
    const planned = { query: '{ documents { id name note } }' };
    const answers = Array.from({ length: 3 }, () => postGraphql(gateway.url, planned, { cookie: 'auth-token=ada' }));
    await waitFor('two requests sharing the entity fetch', () => joined('held') === 2, PATIENCE_MS);
    held.release();
    const expected = {
      data: {
        documents: [
          { id: 'd1', name: 'Contract', note: 'note on d1' },
          { id: 'd2', name: 'Invoice', note: 'note on d2' },
        ],
      },
    };
    for (const response of await Promise.all(answers)) assert.deepEqual(response.body, expected);
    assert.equal(held.calls.note - before, 1, 'one _entities request reached the subgraph');
  });
});

describe('in-flight deduplication turned off', () => {
  let held: HeldHost;
  let gateway: Gateway;

  before(async () => {
    held = await startHeldHost();
    gateway = await startTestGateway({ dedupeRequests: false, turnsPerCaller: 8, subgraphs: [{ name: 'held', urls: [held.host.url] }] });
  });
  after(async () => {
    held.release();
    await gateway.stop();
    await held.host.dispose();
  });

  it('sends every concurrent identical query to the subgraph', async () => {
    held.hold();
    const answers: Array<Promise<GraphqlResponse>> = Array.from({ length: 3 }, () =>
      postGraphql(gateway.url, REPORT, { cookie: 'auth-token=ada' }),
    );
    await waitFor('three queries at the subgraph at once', () => held.calls.report === 3, PATIENCE_MS);
    held.release();
    const calls = (await Promise.all(answers)).map(({ body }) => (body.data?.['report'] as { call: number }).call);
    assert.deepEqual(calls.sort(), [1, 2, 3]);
  });
});
