import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pino } from 'pino';
import type { Gateway } from './index.js';
import { postGraphql } from './test-support/post-graphql.js';
import { gatewayHealth } from './test-support/replica-health.js';
import { startContactsHost, startDocumentsHost } from './test-support/sample-plugins.js';
import { startSampleGateway, startTestGateway, stopSampleGateway } from './test-support/sample-gateway.js';
import { startTestPluginHost, type TestPluginHost } from './test-support/test-plugin-host.js';
import { waitFor } from './test-support/wait-for.js';


async function healthOf(gateway: Gateway): Promise<Record<string, string>> {
  return (await gatewayHealth(gateway)).plugins;
}

describe('plugins going down and coming back', () => {
  let documents: TestPluginHost;
  let contacts: TestPluginHost;
  let gateway: Gateway;

  // documents is down when the gateway starts.
  before(async () => {
    ({ documents, contacts, gateway } = await startSampleGateway({ pollIntervalMs: 50, documentsDown: true }));
  });
  after(() => stopSampleGateway({ documents, contacts, gateway }));

  it('starts with a plugin down, serves the others, and composes the plugin in once it is up', async () => {
    assert.deepEqual(await healthOf(gateway), { documents: 'down', contacts: 'up' });
    const early = await postGraphql(gateway.url, { query: '{ contacts { name } }' });
    assert.deepEqual(early.body, { data: { contacts: [{ name: 'Ada' }, { name: 'Grace' }] } });

    await documents.start();
    // No refresh(): the health poller alone must notice.
    await waitFor('documents to be up', async () => (await healthOf(gateway))['documents'] === 'up');
    const later = await postGraphql(gateway.url, { query: '{ documents { name owner { name } } }' });
    assert.deepEqual(later.body, {
      data: { documents: [{ name: 'Contract', owner: { name: 'Ada' } }, { name: 'Invoice', owner: { name: 'Grace' } }] },
    });
  });

  it('fails only the fields of a stopped plugin, naming it, and recovers when it is back', async () => {
    const query = '{ documents { id name } contacts { name } }';
    await documents.stop();
    await gateway.refresh();
    assert.equal((await healthOf(gateway))['documents'], 'down');

    const down = await postGraphql(gateway.url, { query });
    assert.equal(down.status, 200);
    assert.deepEqual(down.body.data, { documents: null, contacts: [{ name: 'Ada' }, { name: 'Grace' }] });
    assert.equal(down.body.errors?.length, 1);
    assert.equal(down.body.errors?.[0]?.message, 'Plugin "documents" is unavailable');
    assert.equal(down.body.errors?.[0]?.extensions?.['code'], 'PLUGIN_UNAVAILABLE');
    assert.deepEqual(down.body.errors?.[0]?.path, ['documents']);

    // A single-subgraph operation of the downed plugin: still in the schema, still a named error.
    const alone = await postGraphql(gateway.url, { query: '{ documents { id } }' });
    assert.deepEqual(alone.body.data, { documents: null });
    assert.equal(alone.body.errors?.[0]?.extensions?.['code'], 'PLUGIN_UNAVAILABLE');
    assert.equal(alone.body.errors?.[0]?.message, 'Plugin "documents" is unavailable');

    await documents.start();
    await gateway.refresh();
    const back = await postGraphql(gateway.url, { query });
    assert.deepEqual(back.body, {
      data: { documents: [{ id: 'd1', name: 'Contract' }, { id: 'd2', name: 'Invoice' }], contacts: [{ name: 'Ada' }, { name: 'Grace' }] },
    });
  });

  it('nulls only the entity fields of a downed plugin that extends another plugin\'s type', async () => {
    await contacts.stop();
    await gateway.refresh();
    const response = await postGraphql(gateway.url, { query: '{ documents { name owner { name } } }' });
    assert.deepEqual(response.body.data, {
      documents: [
        { name: 'Contract', owner: null },
        { name: 'Invoice', owner: null },
      ],
    });
    assert.ok((response.body.errors?.length ?? 0) >= 1);
    for (const error of response.body.errors ?? []) {
      assert.equal(error.message, 'Plugin "contacts" is unavailable');
      assert.equal(error.extensions?.['code'], 'PLUGIN_UNAVAILABLE');
    }
    await contacts.start();
    await gateway.refresh();
    const back = await postGraphql(gateway.url, { query: '{ documents { name owner { name } } }' });
    assert.equal(back.body.errors, undefined);
  });
});

describe('a plugin that dies between health checks', () => {
  it('answers PLUGIN_UNAVAILABLE before the poller has noticed', async () => {
    const contacts = await startContactsHost();
    const gateway = await startTestGateway({
      subgraphs: [{ name: 'contacts', urls: [contacts.url] }],
    });
    try {
      await contacts.stop();
      assert.equal((await healthOf(gateway))['contacts'], 'up', 'the gateway has not polled since');
      const response = await postGraphql(gateway.url, { query: '{ contacts { name } }' });
      assert.deepEqual(response.body.data, { contacts: null });
      assert.equal(response.body.errors?.[0]?.message, 'Plugin "contacts" is unavailable');
      assert.equal(response.body.errors?.[0]?.extensions?.['code'], 'PLUGIN_UNAVAILABLE');
    } finally {
      await gateway.stop();
      await contacts.dispose();
    }
  });
});

describe('a plugin redeployed with a new schema', () => {
  it('is recomposed when it comes back, without restarting the gateway', async () => {
    const first = await startTestPluginHost({
      name: 'notes',
      typeDefs: `extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])
        type Query { notes: [String!] }`,
      resolvers: { Query: { notes: () => ['a'] } },
    });
    const gateway = await startTestGateway({
      subgraphs: [{ name: 'notes', urls: [first.url] }],
    });
    let second: TestPluginHost | undefined;
    try {
      const before = await postGraphql(gateway.url, { query: '{ notesCount }' });
      assert.match(before.body.errors?.[0]?.message ?? '', /Cannot query field "notesCount"/);

      await first.dispose();
      await gateway.refresh();
      second = await startTestPluginHost({
        name: 'notes',
        port: Number(new URL(first.url).port),
        typeDefs: `extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])
          type Query { notes: [String!] notesCount: Int }`,
        resolvers: { Query: { notes: () => ['a', 'b'], notesCount: () => 2 } },
      });
      await gateway.refresh();
      const after = await postGraphql(gateway.url, { query: '{ notes notesCount }' });
      assert.deepEqual(after.body, { data: { notes: ['a', 'b'], notesCount: 2 } });
    } finally {
      await gateway.stop();
      await second?.dispose();
    }
  });
});

describe('a plugin that comes back with a schema that does not compose', () => {
  it('keeps serving the last good composition and logs why', async () => {
    const logLines: string[] = [];
    const logger = pino({ level: 'error' }, { write: (line: string) => void logLines.push(line) });
    const documents = await startDocumentsHost();
    const first = await startTestPluginHost({
      name: 'notes',
      typeDefs: `extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])
        type Query { notes: [String!] }`,
      resolvers: { Query: { notes: () => ['a'] } },
    });
    const gateway = await startTestGateway({
      logger,
      subgraphs: [
        { name: 'documents', urls: [documents.url] },
        { name: 'notes', urls: [first.url] },
      ],
    });
    let second: TestPluginHost | undefined;
    try {
      await first.dispose();
      await gateway.refresh();
      // `Document.name` as Int clashes with the documents plugin's String!, so composition fails.
      second = await startTestPluginHost({
        name: 'notes',
        port: Number(new URL(first.url).port),
        typeDefs: `extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])
          type Query { notes: [String!] }
          type Document @key(fields: "id") { id: ID! name: Int }`,
        resolvers: { Query: { notes: () => ['a', 'b'] } },
      });
      await gateway.refresh();
      const response = await postGraphql(gateway.url, { query: '{ documents { name } notes }' });
      assert.deepEqual(response.body, {
        data: { documents: [{ name: 'Contract' }, { name: 'Invoice' }], notes: ['a', 'b'] },
      });
      assert.ok(logLines.some((line) => line.includes('supergraph composition failed')), logLines.join('\n'));
    } finally {
      await gateway.stop();
      await Promise.all([documents.dispose(), second?.dispose()]);
    }
  });
});

describe('a plugin whose schema does not compose at start-up', () => {
  it('is kept out while the others are composed', async () => {
    const logLines: string[] = [];
    const logger = pino({ level: 'error' }, { write: (line: string) => void logLines.push(line) });
    const documents = await startDocumentsHost();
    const broken = await startTestPluginHost({
      name: 'notes',
      typeDefs: `extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])
        type Query { notes: [String!] }
        type Document @key(fields: "id") { id: ID! name: Int }`,
      resolvers: { Query: { notes: () => ['a'] } },
    });
    const gateway = await startTestGateway({
      logger,
      subgraphs: [
        { name: 'documents', urls: [documents.url] },
        { name: 'notes', urls: [broken.url] },
      ],
    });
    try {
      const response = await postGraphql(gateway.url, { query: '{ documents { name } }' });
      assert.deepEqual(response.body, { data: { documents: [{ name: 'Contract' }, { name: 'Invoice' }] } });
      const notes = await postGraphql(gateway.url, { query: '{ notes }' });
      assert.match(notes.body.errors?.[0]?.message ?? '', /Cannot query field "notes"/);
      const failure = logLines.map((line) => JSON.parse(line) as { msg: string; plugins?: string[] });
      assert.ok(failure.some((entry) => entry.msg.includes('composition failed') && entry.plugins?.includes('notes')));
    } finally {
      await gateway.stop();
      await Promise.all([documents.dispose(), broken.dispose()]);
    }
  });
});
