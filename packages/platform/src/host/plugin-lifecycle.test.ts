import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { createInProcessBroker } from '@lattice/broker';
import { createSubgraphSigner, subgraphSigningKey } from '@lattice/contracts';
import { definePlugin, type PluginRequestContext } from '@lattice/plugin-sdk';
import { startTestDatabase, type TestDatabase } from '../test-kit/test-database.js';
import { createLogger } from './create-logger.js';
import { currentRequestId } from './request-scope.js';
import { startPlugin, type RunningPlugin } from './start-plugin.js';

let database: TestDatabase;
before(async () => {
  database = await startTestDatabase();
});
after(() => database.stop());

/** A logger whose JSON lines the test reads. */
function capturedLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger('lifecycle-test', 'info', destination), lines };
}

// Only the gateway may call a subgraph: these requests carry its signature (every host here uses 'x' × 32).
const gateway = createSubgraphSigner(subgraphSigningKey('x'.repeat(32)));

function post(plugin: RunningPlugin, query: string, headers: Record<string, string> = {}) {
  const body = JSON.stringify({ query });
  return fetch(`${plugin.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true', ...gateway.headers({ audience: plugin.name, method: 'POST', target: '/graphql' }, body), ...headers },
    body,
  });
}

describe('a plugin host’s lifecycle', () => {
  it('hands the context onServerInit returns to every resolver, and calls its stop after the last request and before the database closes', async () => {
    const events: string[] = [];
    let releaseSlow = () => undefined as void;
    let markStarted!: () => void;
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    const plugin = await startPlugin(
      definePlugin({
        name: 'lifecycle',
        operations: { Query: { greeting: 'public', slow: 'public' } },
        graphql: () => ({
          typeDefs: 'type Query { greeting: String, slow: String }',
          resolvers: {
            Query: {
              greeting: (_: unknown, __: unknown, context: PluginRequestContext) => (context.greeter as { hello(): string }).hello(),
              slow: () =>
                new Promise<string>((resolve) => {
                  releaseSlow = () => resolve('finished');
                  markStarted();
                }),
            },
          },
        }),
        onServerInit: ({ db }) => ({
          context: { greeter: { hello: () => 'hello from the runtime' } },
          stop: async () => {
            events.push(`stop, database ${db.readyState === 1 ? 'open' : 'closed'}`);
          },
        }),
      }),
      { mongoUrl: database.url, dbName: 'lifecycle-a', broker: createInProcessBroker(), authTokenSecret: 'x'.repeat(32), logger: createLogger('t', 'silent') },
    );
    const greeting = await (await post(plugin, '{ greeting }')).json();
    assert.deepEqual(greeting, { data: { greeting: 'hello from the runtime' } });

    const slow = post(plugin, '{ slow }');
    await started;
    const stopping = plugin.stop().then(() => events.push('host stopped'));
    setTimeout(() => {
      events.push('slow request released');
      releaseSlow();
    }, 200);
    assert.deepEqual(await (await slow).json(), { data: { slow: 'finished' } });
    await stopping;
    assert.deepEqual(events, ['slow request released', 'stop, database open', 'host stopped']);
  });

  it('answers /health/live and /health/ready, and says it is not ready while it drains before it stops taking requests', async () => {
    const plugin = await startPlugin(
      definePlugin({ name: 'health', operations: { Query: { a: 'public' } }, graphql: () => ({ typeDefs: 'type Query { a: Int }', resolvers: {} }) }),
      { mongoUrl: database.url, dbName: 'lifecycle-b', broker: createInProcessBroker(), authTokenSecret: 'x'.repeat(32), logger: createLogger('t', 'silent'), drainDelayMs: 1_500 },
    );
    assert.equal((await fetch(`${plugin.url}/health/live`)).status, 200);
    assert.deepEqual(await (await fetch(`${plugin.url}/health/ready`)).json(), { status: 'ok', plugin: 'health' });
    const stopping = plugin.stop();
    const draining = await fetch(`${plugin.url}/health/ready`);
    assert.equal(draining.status, 503);
    assert.deepEqual(await draining.json(), { status: 'stopping', plugin: 'health' });
    assert.equal((await fetch(`${plugin.url}/health/live`)).status, 200, 'still live while draining');
    await stopping;
    await assert.rejects(fetch(`${plugin.url}/health/live`), 'no longer listening');
  });

  it('carries the request id into its log lines and the broker messages the request causes', async () => {
    const broker = createInProcessBroker();
    const { logger, lines } = capturedLogger();
    const seenByConsumer: Array<{ meta?: string; scope?: string }> = [];
    const consumer = await startPlugin(
      definePlugin({
        name: 'listener',
        operations: { Query: { a: 'public' } },
        graphql: () => ({ typeDefs: 'type Query { a: Int }', resolvers: {} }),
        onServerInit: async ({ messageBrokerClient, debug }) => {
          await messageBrokerClient.consumeRPCQueue('listener:note', (_data, meta) => {
            seenByConsumer.push({ meta: meta.requestId, scope: currentRequestId() });
            debug.info('noted');
            return 'noted';
          });
        },
      }),
      { mongoUrl: database.url, dbName: 'lifecycle-c', broker, authTokenSecret: 'x'.repeat(32), logger },
    );
    const sender = await startPlugin(
      definePlugin({
        name: 'sender',
        operations: { Query: { note: 'public' } },
        graphql: () => ({
          typeDefs: 'type Query { note: String }',
          resolvers: {
            Query: {
              note: async (_: unknown, __: unknown, context: PluginRequestContext) => {
                context.debug.info('sending');
                return context.messageBrokerClient.sendRPCMessage<string>('listener:note', {});
              },
            },
          },
        }),
      }),
      { mongoUrl: database.url, dbName: 'lifecycle-d', broker, authTokenSecret: 'x'.repeat(32), logger },
    );
    try {
      const response = await post(sender, '{ note }', { 'x-request-id': 'trace-me-7' });
      assert.equal(response.headers.get('x-request-id'), 'trace-me-7');
      assert.deepEqual(await response.json(), { data: { note: 'noted' } });
      assert.deepEqual(seenByConsumer, [{ meta: 'trace-me-7', scope: 'trace-me-7' }]);
      assert.deepEqual(
        lines.filter((line) => line.msg === 'sending' || line.msg === 'noted').map((line) => [line.plugin, line.msg, line.reqId]),
        [
          ['sender', 'sending', 'trace-me-7'],
          ['listener', 'noted', 'trace-me-7'],
        ],
      );
      const insane = await post(sender, '{ note }', { 'x-request-id': 'no spaces allowed' });
      assert.match(insane.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
    } finally {
      await sender.stop();
      await consumer.stop();
      await broker.close();
    }
  });
});
