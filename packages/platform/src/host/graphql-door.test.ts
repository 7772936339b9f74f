import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { createInProcessBroker } from '@lattice/broker';
import { createSubgraphSigner, subgraphSigningKey, SUBGRAPH_SIGNATURE_HEADER, WEBSOCKET_UPGRADE } from '@lattice/contracts';
import { definePlugin, yieldingList, type PluginRequestContext } from '@lattice/plugin-sdk';
import WebSocket from 'ws';
import { startTestDatabase, type TestDatabase } from '../test-kit/test-database.js';
import { createLogger } from './create-logger.js';
import { startPlugin, type RunningPlugin } from './start-plugin.js';

const authTokenSecret = 'door-test-secret-of-enough-length-0123456789';
const gateway = createSubgraphSigner(subgraphSigningKey(authTokenSecret));
const impostor = createSubgraphSigner(subgraphSigningKey('another-secret-of-enough-length-0123456789'));

const doorPlugin = definePlugin({
  name: 'door',
  operations: { Query: { items: 'public', ping: 'public', big: 'public', long: 'public' } },
  graphql: () => ({
    typeDefs: `
      extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])
      type Item { id: Int, slow: Int, child: Item, children: [Item], counted: Int }
      type Query { items(count: Int!): [Item], ping: String, big(kb: Int!): String, long(count: Int!): [Item] }
    `,
    resolvers: {
      Query: {
        items: (_: unknown, { count }: { count: number }) => Array.from({ length: count }, (_, id) => ({ id })),
        ping: () => 'pong',
        big: (_: unknown, { kb }: { kb: number }) => 'x'.repeat(kb * 1024),
        long: (_: unknown, { count }: { count: number }, { signal }: PluginRequestContext) =>
          yieldingList(
            Array.from({ length: count }, (_, id) => ({ id })),
            { signal },
          ),
      },
      Item: {
        slow: async ({ id }: { id: number }) => {
          await delay(20);
          return id;
        },
        // Each level waits 150 ms before the next can start: a chain of levels runs one after another.
        child: async ({ id }: { id: number }) => {
          levelsStarted++;
          await delay(150);
          return { id: id + 1 };
        },
        children: () => [],
        counted: ({ id }: { id: number }) => (itemsResolved++, id),
      },
    },
  }),
});

let levelsStarted = 0;
let itemsResolved = 0;

interface Answer {
  status: number;
  ms: number;
  /** Bytes of the body written before the answer came: less than the whole when the host refused it unread. */
  sent: number;
  body: { data?: unknown; errors?: Array<{ message: string; extensions?: { code?: string } }> };
}

/** POSTs `body` (string, or a size of filler to stream) to the host's /graphql and times the answer. */
function post(plugin: RunningPlugin, body: string | number, headers: Record<string, string> = {}): Promise<Answer> {
  const started = performance.now();
  const length = typeof body === 'string' ? Buffer.byteLength(body) : body;
  let sent = typeof body === 'string' ? length : 0;
  return new Promise((resolve, reject) => {
    const req = request(`${plugin.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(length), ...headers },
    });
    req.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const ms = performance.now() - started;
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: response.statusCode ?? 0, ms, sent, body: text ? (JSON.parse(text) as Answer['body']) : {} });
        req.destroy();
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      // The host may close its side while a refused body is still being written: the answer came first.
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    if (typeof body === 'string') req.end(body);
    else {
      // Writes the body in 64 KB chunks as the socket takes them, as a client uploading 11 MB would.
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const pump = () => {
        while (sent < length) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    }
  });
}

function signedPost(plugin: RunningPlugin, query: string) {
  const body = JSON.stringify({ query });
  return post(plugin, body, gateway.headers({ audience: 'door', method: 'POST', target: '/graphql' }, body));
}

describe("a plugin host's /graphql door", () => {
  let database: TestDatabase;
  let plugin: RunningPlugin;

  before(async () => {
    database = await startTestDatabase();
    plugin = await startPlugin(doorPlugin, {
      mongoUrl: database.url,
      broker: createInProcessBroker(),
      logger: createLogger('door-test', 'silent'),
      authTokenSecret,
      limits: { deadlineMs: 300, maxResponseBytes: 256 * 1024, maxListItems: 3_000 },
    });
  });
  after(async () => {
    await plugin.stop();
    await database.stop();
  });

  it('lets in only requests the gateway signed: none, a forged, a stale or another body’s signature get 403 FORBIDDEN', async () => {
    const body = JSON.stringify({ query: '{ ping }' });
    const stale = createSubgraphSigner(subgraphSigningKey(authTokenSecret), () => Date.now() - 5 * 60_000);
    const cases: Array<[string, Record<string, string>]> = [
      ['none', {}],
      ['garbage', { [SUBGRAPH_SIGNATURE_HEADER]: 'v1.1.2.3' }],
      ['another key', impostor.headers({ audience: 'door', method: 'POST', target: '/graphql' }, body)],
      ['stale', stale.headers({ audience: 'door', method: 'POST', target: '/graphql' }, body)],
      ['another body', gateway.headers({ audience: 'door', method: 'POST', target: '/graphql' }, JSON.stringify({ query: '{ __typename }' }))],
      ['as a GET', gateway.headers({ audience: 'door', method: 'GET', target: '/graphql' })],
    ];
    for (const [what, headers] of cases) {
      const answer = await post(plugin, body, headers);
      assert.equal(answer.status, 403, what);
      assert.equal(answer.body.errors?.[0]?.extensions?.code, 'FORBIDDEN', what);
      assert.match(answer.body.errors?.[0]?.message ?? '', /Only the Lattice gateway may call/, what);
    }
    const signed = await signedPost(plugin, '{ ping }');
    assert.deepEqual([signed.status, signed.body.data], [200, { ping: 'pong' }]);
  });

  it('refuses an unsigned 11 MB body before reading it, while signed requests keep being answered', async () => {
    for (let i = 0; i < 5; i++) {
      const answer = await post(plugin, 11 * 1024 * 1024);
      assert.equal(answer.status, 403);
      assert.equal(answer.body.errors?.[0]?.extensions?.code, 'FORBIDDEN');
      // A host that read the body first would answer only once all of it was written; the socket's buffers hold a
      // few megabytes at most, so an earlier answer was given unread (timing would tell only on a quiet machine).
      assert.ok(answer.sent < 11 * 1024 * 1024, `the host answered only after all ${answer.sent} bytes were sent`);
    }
    const signedLarge = await post(plugin, 11 * 1024 * 1024, gateway.headers({ audience: 'door', method: 'POST', target: '/graphql' }, 'anything'));
    assert.equal(signedLarge.status, 413);
    assert.equal(signedLarge.body.errors?.[0]?.extensions?.code, 'PAYLOAD_TOO_LARGE');
    assert.equal((await signedPost(plugin, '{ ping }')).status, 200);
  });

  it('refuses a websocket upgrade the gateway did not sign with 403, and takes a signed one', async () => {
    const status = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const socket = new WebSocket(`${plugin.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', { headers });
        socket.once('open', () => {
          socket.close();
          resolve(101);
        });
        socket.once('unexpected-response', (_req, response) => {
          resolve(response.statusCode ?? 0);
          socket.terminate();
        });
        socket.once('error', reject);
      });
    assert.equal(await status({}), 403);
    assert.equal(await status(impostor.headers({ audience: 'door', method: WEBSOCKET_UPGRADE, target: '/graphql' })), 403);
    assert.equal(await status(gateway.headers({ audience: 'door', method: WEBSOCKET_UPGRADE, target: '/graphql' })), 101);
  });

  it('applies the gateway’s limits to signed requests too: depth (6,000 levels: 400, not 500), aliases and list cost, with QUERY_TOO_COMPLEX', async () => {
    const cases: Array<[string, string, RegExp]> = [
      ['6,000 levels', `{ ${'items(count: 1) { children '.repeat(6000)}{ id }${' }'.repeat(6000)} }`, /^Query is too deep/],
      ['20 levels', `{ ${'items(count: 1) { children '.repeat(20)}{ id }${' }'.repeat(20)} }`, /^Query is too deep/],
      ['3,000 aliases', `{ ${Array.from({ length: 3000 }, (_, i) => `a${i}: items(count: 1) { id }`).join(' ')} }`, /./],
      ['list cost', `{ ${Array.from({ length: 90 }, (_, i) => `a${i}: items(count: 1000) { id slow children { id } }`).join(' ')} }`, /^Query is too costly/],
    ];
    for (const [what, query, message] of cases) {
      const answer = await signedPost(plugin, query);
      assert.equal(answer.status, 400, what);
      assert.equal(answer.body.errors?.[0]?.extensions?.code, 'QUERY_TOO_COMPLEX', what);
      assert.match(answer.body.errors?.[0]?.message ?? '', message, what);
    }
  });

  it('ends a request at its execution deadline with DEADLINE_EXCEEDED instead of running on', async () => {
    // Six levels of 150 ms one after another: 900 ms of work, past the 300 ms deadline. Two items, so twelve
    // levels in all; by the deadline at most the first three of each chain can have started.
    levelsStarted = 0;
    const answer = await signedPost(plugin, `{ items(count: 2) { ${'child { '.repeat(6)}id${' }'.repeat(6)} } }`);
    assert.equal(answer.status, 200);
    assert.equal(answer.body.errors?.[0]?.extensions?.code, 'DEADLINE_EXCEEDED');
    assert.match(answer.body.errors?.[0]?.message ?? '', /execution deadline/);
    // The work stops, not only the answer: a second later no further level has begun.
    const startedByDeadline = levelsStarted;
    await delay(1_000);
    assert.equal(levelsStarted, startedByDeadline, 'levels kept starting after the deadline');
    assert.ok(levelsStarted < 12, `all ${levelsStarted} levels ran`);
    const quick = await signedPost(plugin, '{ items(count: 2) { id child { id } } }');
    assert.deepEqual([quick.status, quick.body.errors], [200, undefined]);
  });

  it('replaces an answer past the response ceiling with RESPONSE_TOO_LARGE', async () => {
    const answer = await signedPost(plugin, '{ big(kb: 512) }');
    assert.equal(answer.status, 500);
    assert.equal(answer.body.errors?.[0]?.extensions?.code, 'RESPONSE_TOO_LARGE');
    const small = await signedPost(plugin, '{ big(kb: 1) }');
    assert.equal(small.status, 200);
  });

  it('stops a request whose lists pass its list-item budget with RESPONSE_TOO_LARGE, and stops resolving their items', async () => {
    // Two lists of 2,000 under a budget of 3,000: the second to come back passes it; the first stops between chunks.
    itemsResolved = 0;
    const answer = await signedPost(plugin, '{ a: long(count: 2000) { counted } b: long(count: 2000) { counted } }');
    // An answer in part, as at the deadline: what was resolved by then, and one error for each list stopped.
    assert.equal(answer.status, 200);
    assert.ok((answer.body.errors?.length ?? 0) <= 2, JSON.stringify(answer.body.errors));
    assert.equal(answer.body.errors?.[0]?.extensions?.code, 'RESPONSE_TOO_LARGE');
    assert.match(answer.body.errors?.[0]?.message ?? '', /passed 3000 list items/);
    const resolvedByAnswer = itemsResolved;
    assert.ok(resolvedByAnswer < 2_000, `${resolvedByAnswer} items resolved after the budget was passed`);
    await delay(500);
    assert.equal(itemsResolved, resolvedByAnswer, 'items kept resolving after the answer');
    // The budget is the request's own: the next request's items are all answered (this one's 4,000 left it at
    // -1,000). 500 items, resolved in one go: 2,000 in chunks took CI's loaded machine past the 300 ms deadline.
    const within = await signedPost(plugin, '{ long(count: 500) { counted } }');
    assert.deepEqual([within.status, within.body.errors, (within.body.data as { long: unknown[] }).long.length], [200, undefined, 500]);
  });
});
