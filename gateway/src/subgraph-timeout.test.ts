import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { after, before, describe, it } from 'node:test';
import type { Gateway } from './index.js';
import { postGraphql } from './test-support/post-graphql.js';
import { startTestGateway } from './test-support/sample-gateway.js';
import { startContactsHost } from './test-support/sample-plugins.js';
import type { TestPluginHost } from './test-support/test-plugin-host.js';

const TIMEOUT_MS = 1_500;

/** The sample documents host in a child process; resolves with the process and the URL it listens on. */
async function startHostProcess(): Promise<{ child: ChildProcess; url: string }> {
  const script = fileURLToPath(new URL('./test-support/documents-host-process.ts', import.meta.url));
  const child = spawn(process.execPath, ['--conditions=development', '--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the documents host process exited (${code}) before it listened`);
  });
  const [url] = (await Promise.race([once(lines, 'line'), exited])) as [string];
  return { child, url };
}

// A host that took a request and is frozen (here stopped for real with SIGSTOP) must not hold the request forever.
describe('a time-out on every gateway call to a plugin host', () => {
  let host: { child: ChildProcess; url: string };
  let contacts: TestPluginHost;
  let gateway: Gateway;

  before(async () => {
    [host, contacts] = await Promise.all([startHostProcess(), startContactsHost()]);
    // Polled once at start only, so the frozen replica stays in service and its requests meet the time-out.
    gateway = await startTestGateway({
      subgraphTimeoutMs: TIMEOUT_MS,
      subgraphs: [
        { name: 'documents', urls: [host.url] },
        { name: 'contacts', urls: [contacts.url] },
      ],
    });
  });
  after(async () => {
    if (host?.child.pid) {
      process.kill(host.child.pid, 'SIGCONT');
      host.child.kill('SIGTERM');
    }
    await gateway?.stop();
    await contacts?.dispose();
  });

  it('answers 503 PLUGIN_UNAVAILABLE "did not answer within" when the host is frozen, and serves again once it runs', async () => {
    const before = await postGraphql(gateway.url, { query: '{ documents { id } }' });
    assert.deepEqual(before.body, { data: { documents: [{ id: 'd1' }, { id: 'd2' }] } });

    process.kill(host.child.pid!, 'SIGSTOP');
    try {
      // The fast path (documents alone), and the planner (a document's owner from contacts: two plugins, one frozen).
      for (const query of ['{ documents { id } }', '{ documents { id owner { name } } }']) {
        const started = performance.now();
        const answer = await postGraphql(gateway.url, { query });
        const waited = performance.now() - started;
        const error = answer.body.errors?.[0];
        assert.equal(error?.extensions?.['code'], 'PLUGIN_UNAVAILABLE', `${query}: ${JSON.stringify(answer.body)}`);
        assert.match(error?.message ?? '', new RegExp(`"documents" did not answer within ${TIMEOUT_MS} ms: try again shortly`), query);
        assert.equal(answer.status, 503, query);
        assert.ok(waited >= TIMEOUT_MS - 50, `${query}: answered after ${waited.toFixed(0)} ms, before the time-out`);
        // Generous for a busy machine, and far below undici's own 300 s.
        assert.ok(waited < TIMEOUT_MS + 15_000, `${query}: answered after ${waited.toFixed(0)} ms`);
      }
      // A write may have been made by the frozen host: the answer does not invite sending it again blindly.
      const write = await postGraphql(gateway.url, { query: 'mutation { login(name: "ada") }' });
      assert.equal(write.body.errors?.[0]?.extensions?.['code'], 'PLUGIN_UNAVAILABLE', JSON.stringify(write.body));
      assert.match(write.body.errors?.[0]?.message ?? '', /did not answer within \d+ ms: the change may still have been made: check before sending it again/);
      assert.doesNotMatch(write.body.errors?.[0]?.message ?? '', /try again shortly/);
      // The other plugin is served meanwhile.
      const other = await postGraphql(gateway.url, { query: '{ contacts { name } }' });
      assert.deepEqual(other.body, { data: { contacts: [{ name: 'Ada' }, { name: 'Grace' }] } });
    } finally {
      process.kill(host.child.pid!, 'SIGCONT');
    }

    const again = await postGraphql(gateway.url, { query: '{ documents { id } }' });
    assert.deepEqual(again.body, { data: { documents: [{ id: 'd1' }, { id: 'd2' }] } });
  });
});
