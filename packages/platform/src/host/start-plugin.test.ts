import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { createInProcessBroker } from '@lattice/broker';
import { createSubgraphSigner, integrationsAnnounceKindQueue, subgraphSigningKey } from '@lattice/contracts';
import { definePlugin, NotFoundError, type PluginDefinition } from '@lattice/plugin-sdk';
import { startTestDatabase } from '../test-kit/test-database.js';
import { createLogger } from './create-logger.js';
import { startPlugin, type RunningPlugin } from './start-plugin.js';

const broker = createInProcessBroker();
const logger = createLogger('test', 'silent');
let mongoUrl: string;
let stopMongo: () => Promise<void>;

before(async () => {
  const database = await startTestDatabase();
  mongoUrl = database.url;
  stopMongo = database.stop;
});
after(async () => {
  await broker.close();
  await stopMongo();
});

const samplePlugin = definePlugin({
  name: 'sample',
  operations: { Query: { echoDate: 'public', echoJSON: 'public', slow: 'public', missing: 'public' } },
  graphql: () => ({
    typeDefs: `
      extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])
      type Query { echoDate(at: Date!): Date, echoJSON(value: JSON): JSON, slow(ms: Int!): String, missing: String }
    `,
    resolvers: {
      Query: {
        echoDate: (_: unknown, { at }: { at: Date }) => new Date(at.getTime() + 1000),
        echoJSON: (_: unknown, { value }: { value: unknown }) => value,
        slow: async (_: unknown, { ms }: { ms: number }) => {
          await delay(ms);
          return 'done';
        },
        missing: () => {
          throw new NotFoundError('Nothing here');
        },
      },
    },
  }),
  onServerInit: ({ app }) => {
    app.get('/not-found', () => {
      throw new NotFoundError('No such thing');
    });
    app.get('/broken', () => {
      throw new Error('secret internals');
    });
  },
});

const authTokenSecret = 'test-secret-of-enough-length-0123456789';
// Only the gateway may call a subgraph: these requests carry its signature, as the gateway's would.
const gateway = createSubgraphSigner(subgraphSigningKey(authTokenSecret));

async function post(plugin: RunningPlugin, query: string) {
  const body = JSON.stringify({ query });
  const response = await fetch(`${plugin.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...gateway.headers({ audience: plugin.name, method: 'POST', target: '/graphql' }, body) },
    body,
  });
  return (await response.json()) as { data?: Record<string, unknown>; errors?: Array<{ message: string; extensions: Record<string, unknown> }> };
}

function start(definition: PluginDefinition) {
  return startPlugin(definition, { mongoUrl, broker, logger, authTokenSecret });
}

describe('startPlugin', () => {
  it('serves the subgraph with the Date and JSON scalars, /health and the plugin routes', async () => {
    const plugin = await start(samplePlugin);
    try {
      const result = await post(plugin, '{ echoDate(at: "2026-01-01T00:00:00Z") echoJSON(value: {a: [1, "b"]}) }');
      assert.deepEqual(result.data, { echoDate: '2026-01-01T00:00:01.000Z', echoJSON: { a: [1, 'b'] } });

      const sdl = await post(plugin, '{ _service { sdl } }');
      assert.match(String((sdl.data?._service as { sdl: string }).sdl), /scalar Date/);

      const health = await fetch(`${plugin.url}/health`);
      assert.equal(health.status, 200);
      assert.deepEqual(await health.json(), { status: 'ok', plugin: 'sample' });

      const notFound = await fetch(`${plugin.url}/not-found`);
      assert.equal(notFound.status, 404);
      assert.deepEqual(await notFound.json(), { error: 'No such thing', code: 'NOT_FOUND' });

      const broken = await fetch(`${plugin.url}/broken`);
      assert.equal(broken.status, 500);
      assert.deepEqual(await broken.json(), { error: 'Internal server error', code: 'INTERNAL' });
    } finally {
      await plugin.stop();
    }
  });

  it('maps thrown Lattice errors to their code and hides unexpected ones', async () => {
    const plugin = await start(samplePlugin);
    try {
      const result = await post(plugin, '{ missing }');
      assert.equal(result.errors?.[0]?.message, 'Nothing here');
      assert.equal(result.errors?.[0]?.extensions.code, 'NOT_FOUND');
      assert.equal(result.errors?.[0]?.extensions.stacktrace, undefined);
    } finally {
      await plugin.stop();
    }
  });

  it('finishes a request in flight when stopped, then refuses new connections', async () => {
    const plugin = await start(samplePlugin);
    const inFlight = post(plugin, '{ slow(ms: 300) }');
    await delay(50);
    const stopped = plugin.stop();
    assert.deepEqual((await inFlight).data, { slow: 'done' });
    await stopped;
    await assert.rejects(fetch(`${plugin.url}/health`));
  });

  it('fails start-up naming the plugin when graphql() does not return SDL', async () => {
    const broken = { name: 'broken', graphql: () => ({ typeDefs: 42, resolvers: {} }) } as unknown as PluginDefinition;
    await assert.rejects(start(broken), /Plugin "broken" is not valid: "graphql\(\)" must return \{ typeDefs, resolvers \}/);
    const unparsable = { name: 'unparsable', graphql: () => ({ typeDefs: 'type Query {', resolvers: {} }) };
    await assert.rejects(start(unparsable), /Plugin "unparsable" is not valid: "graphql\(\).typeDefs" is not GraphQL SDL/);
  });

  it('announces an integration plugin\'s kind to the inbox once it listens, then again every interval until it stops', async () => {
    const announced: Array<{ kind: string; label: string; announcedAt?: string }> = [];
    await broker.consumeQueue(integrationsAnnounceKindQueue.name, (data) => {
      announced.push(data as (typeof announced)[number]);
    });
    const startedAt = Date.now();
    const plugin = await startPlugin(
      definePlugin({ ...samplePlugin, name: 'mailchannel', meta: { inboxIntegration: { kind: 'mailchannel', label: 'Mail channel' } } }),
      { mongoUrl, broker, logger, authTokenSecret: 'start-plugin-test-secret-0123456789', kindAnnounceIntervalMs: 100 },
    );
    try {
      for (let waited = 0; announced.length < 3 && waited < 5_000; waited += 20) await delay(20);
      assert.ok(announced.length >= 3, `announced ${announced.length} times`);
      for (const announcement of announced) {
        assert.deepEqual({ kind: announcement.kind, label: announcement.label }, { kind: 'mailchannel', label: 'Mail channel' });
        assert.ok(Date.parse(announcement.announcedAt ?? '') >= startedAt - 1_000, 'each announcement says when it was made');
      }
    } finally {
      await plugin.stop();
    }
    await delay(100);
    const afterStop = announced.length;
    const plain = await start(samplePlugin);
    await plain.stop();
    await delay(300);
    assert.equal(announced.length, afterStop, 'a stopped plugin, and a plugin without meta.inboxIntegration, announce nothing');
  });

  it('fails start-up naming the field when the name is missing', async () => {
    const nameless = { graphql: () => ({ typeDefs: 'type Query { a: Int }', resolvers: {} }) } as unknown as PluginDefinition;
    await assert.rejects(start(nameless), /"name" is required/);
  });
});
