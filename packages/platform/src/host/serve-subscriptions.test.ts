import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createInProcessBroker } from '@lattice/broker';
import { createSubgraphSigner, sessionsRevokedChannel, subgraphSigningKey, WEBSOCKET_UPGRADE } from '@lattice/contracts';
import { RedisPubSub } from 'graphql-redis-subscriptions';
import { PubSub, withFilter, type PubSubEngine } from 'graphql-subscriptions';
import { Redis } from 'ioredis';
import { definePlugin, type PluginRequestContext } from '@lattice/plugin-sdk';
import { subscribeOverWebSocket, type TestSubscription } from '../test-kit/index.js';
import { startTestDatabase } from '../test-kit/test-database.js';
import { waitFor } from '../test-kit/wait-for.js';
import { answerSessionChecks, type TestSessions } from '../test-kit/answer-session-checks.js';
import { createLogger } from './create-logger.js';
import { startPlugin, type RunningPlugin } from './start-plugin.js';

const secret = 'subscriptions-test-secret-0123456789abcdef';
const broker = createInProcessBroker();
const logger = createLogger('test', 'silent');
// Only the gateway may call a subgraph: requests and upgrades here carry its signature, as the gateway's would.
const gateway = createSubgraphSigner(subgraphSigningKey(secret));
const member = { _id: '0123456789abcdef01234567', email: 'member@example.com', role: 'member' as const };
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let mongoUrl: string;
let stopMongo: () => Promise<void>;
let cookie: string;
let sessions: TestSessions;

interface TickerContext extends PluginRequestContext {
  clientAddress?: string;
}
interface Tick {
  label: string;
  seenBy?: string;
  clientAddress?: string;
}

/** A plugin with a protected subscription, a public one, and mutations that publish to them. */
function tickerPlugin(channel: string) {
  return definePlugin<TickerContext>({
    name: 'ticker',
    operations: {
      Query: { ticks: 'authenticated' },
      Mutation: { tick: 'authenticated', announce: 'authenticated' },
      Subscription: { ticked: 'authenticated', announcements: 'public' },
    },
    apolloServerContext: (context, req) => ({ ...context, clientAddress: req.ip }),
    graphql: () => ({
      typeDefs: `
        extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])
        type Query { ticks: Int }
        type Mutation { tick(label: String!): Boolean, announce(text: String!): Boolean }
        type Tick { label: String!, seenBy: String, clientAddress: String, broken: String }
        type Subscription { ticked(label: String): Tick, announcements: String }
      `,
      resolvers: {
        Mutation: {
          tick: async (_: unknown, { label }: { label: string }, context: TickerContext) => {
            await context.pubsubClient.publish(`${channel}:ticks`, { label });
            return true;
          },
          announce: async (_: unknown, { text }: { text: string }, context: TickerContext) => {
            await context.pubsubClient.publish(`${channel}:announcements`, { text });
            return true;
          },
        },
        Subscription: {
          ticked: {
            subscribe: withFilter(
              (_: unknown, __: unknown, context: TickerContext | undefined) => {
                if (!context) throw new Error('the host gives every subscription a context');
                return context.pubsubClient.asyncIterableIterator(`${channel}:ticks`);
              },
              (payload: unknown, args: unknown) => {
                const { label } = args as { label?: string };
                return !label || (payload as Tick).label === label;
              },
            ),
            resolve: (payload: Tick, _args: unknown, context: TickerContext): Tick => ({
              label: payload.label,
              seenBy: context.user?.email,
              clientAddress: context.clientAddress,
            }),
          },
          announcements: {
            subscribe: (_: unknown, __: unknown, context: TickerContext) =>
              context.pubsubClient.asyncIterableIterator(`${channel}:announcements`),
            resolve: (payload: { text: string }) => payload.text,
          },
        },
        Tick: {
          broken: () => {
            throw new Error('secret internals');
          },
        },
      },
    }),
  });
}

function start(pubsub: PubSubEngine, channel = randomBytes(4).toString('hex')): Promise<RunningPlugin> {
  return startPlugin(tickerPlugin(channel), { mongoUrl, broker, logger, pubsub, authTokenSecret: secret });
}

async function mutate(plugin: RunningPlugin, query: string): Promise<void> {
  const body = JSON.stringify({ query });
  const response = await fetch(`${plugin.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...gateway.headers({ audience: plugin.name, method: 'POST', target: '/graphql' }, body), cookie },
    body,
  });
  const answer = (await response.json()) as { errors?: unknown };
  assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
}

before(async () => {
  const database = await startTestDatabase();
  mongoUrl = database.url;
  stopMongo = database.stop;
  sessions = await answerSessionChecks(broker, secret);
  cookie = `auth-token=${(await sessions.sign(member)).token}`;
});
after(async () => {
  await broker.close();
  await stopMongo();
});

describe('the plugin host serves subscriptions over websocket on /graphql', () => {
  let plugin: RunningPlugin;
  let pubsub: PubSub;
  const open: TestSubscription[] = [];
  const subscribe = <T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>) => {
    const subscription = subscribeOverWebSocket<T>(`${plugin.url}/graphql`, { query, variables }, { ...gateway.headers({ audience: 'ticker', method: WEBSOCKET_UPGRADE, target: '/graphql' }), ...headers });
    open.push(subscription as TestSubscription);
    return subscription;
  };

  before(async () => {
    pubsub = new PubSub();
    plugin = await start(pubsub);
  });
  after(async () => {
    await Promise.all(open.map((subscription) => subscription.close()));
    await plugin.stop();
  });

  it('delivers events with the same context as HTTP: the verified user and the express request (req.ip behind the gateway)', async () => {
    const ticks = subscribe<{ ticked: Tick }>('subscription { ticked { label seenBy clientAddress } }', undefined, {
      cookie,
      'x-forwarded-for': '203.0.113.7',
    });
    const first = await ticks.untilResult(() => mutate(plugin, 'mutation { tick(label: "a") }'));
    assert.deepEqual(first.data, { ticked: { label: 'a', seenBy: 'member@example.com', clientAddress: '203.0.113.7' } });
  });

  it('narrows by argument: a filtered subscription skips the other events', async () => {
    const onlyB = subscribe<{ ticked: Tick }>('subscription ($label: String) { ticked(label: $label) { label } }', { label: 'b' }, { cookie });
    await onlyB.untilResult(() => mutate(plugin, 'mutation { tick(label: "b") }'));
    await mutate(plugin, 'mutation { tick(label: "c") }');
    await mutate(plugin, 'mutation { tick(label: "b") }');
    // Every later result is "b"; a "c" (published in between) would have come first.
    assert.deepEqual((await onlyB.next()).data, { ticked: { label: 'b' } });
  });

  it('refuses a protected subscription without a valid login, before subscribing', async () => {
    const anonymous = subscribe('subscription { ticked { label } }');
    const forged = subscribe('subscription { ticked { label } }', undefined, { cookie: 'auth-token=not.a.jwt' });
    for (const refused of [anonymous, forged]) {
      const end = await refused.end();
      assert.equal(end.kind, 'error');
      assert.deepEqual(end.kind === 'error' && end.errors.map((error) => [error.message, error.extensions?.code]), [
        ['You must be logged in', 'UNAUTHENTICATED'],
      ]);
    }
  });

  it('ends a subscription with UNAUTHENTICATED when its login token expires, and delivers until then', async () => {
    const shortCookie = `auth-token=${(await sessions.sign(member, 2)).token}`;
    const expiresAt = Date.now() + 2_000;
    const ticks = subscribe<{ ticked: Tick }>('subscription { ticked(label: "e") { label } }', undefined, { cookie: shortCookie });
    const first = await ticks.untilResult(() => mutate(plugin, 'mutation { tick(label: "e") }'));
    assert.deepEqual(first.data, { ticked: { label: 'e' } });
    // Results of the triggers above may still be queued; the subscription's last result is the expiry.
    let last = await ticks.next(5_000);
    while (last.data) last = await ticks.next(5_000);
    assert.ok(Date.now() >= expiresAt - 1_000, 'the subscription ended before its token expired');
    assert.deepEqual(last.errors?.map((error) => [error.message, error.extensions?.code]), [
      ['Your login has expired: log in again', 'UNAUTHENTICATED'],
    ]);
    assert.deepEqual(await ticks.end(), { kind: 'complete' });
  });

  it('ends a subscription with UNAUTHENTICATED at once when the core announces its session revoked', async () => {
    const { token, sessionId } = await sessions.sign(member);
    const ticks = subscribe<{ ticked: Tick }>('subscription { ticked(label: "r") { label } }', undefined, { cookie: `auth-token=${token}` });
    const first = await ticks.untilResult(() => mutate(plugin, 'mutation { tick(label: "r") }'));
    assert.deepEqual(first.data, { ticked: { label: 'r' } });
    const revokedAt = Date.now();
    await sessions.revoke(sessionId);
    await pubsub.publish(sessionsRevokedChannel, { sessionIds: [sessionId] });
    let last = await ticks.next(5_000);
    while (last.data) last = await ticks.next(5_000);
    assert.deepEqual(last.errors?.map((error) => [error.message, error.extensions?.code]), [['Your session has ended: log in again', 'UNAUTHENTICATED']]);
    assert.deepEqual(await ticks.end(), { kind: 'complete' });
    assert.ok(Date.now() - revokedAt < 1_000, `ended ${Date.now() - revokedAt} ms after the announcement`);
  });

  it('ends a subscription whose session was revoked without an announcement at the next check (within 5 s)', async () => {
    const { token, sessionId } = await sessions.sign(member);
    const ticks = subscribe<{ ticked: Tick }>('subscription { ticked(label: "q") { label } }', undefined, { cookie: `auth-token=${token}` });
    await ticks.untilResult(() => mutate(plugin, 'mutation { tick(label: "q") }'));
    const revokedAt = Date.now();
    await sessions.revoke(sessionId);
    let last = await ticks.next(6_000);
    while (last.data) last = await ticks.next(6_000);
    assert.equal(last.errors?.[0]?.extensions?.code, 'UNAUTHENTICATED');
    assert.ok(Date.now() - revokedAt < 5_000, `ended ${Date.now() - revokedAt} ms after the revocation`);
  });

  it('serves a subscription the plugin marks public without a login', async () => {
    const announcements = subscribe<{ announcements: string }>('subscription { announcements }');
    const first = await announcements.untilResult(() => mutate(plugin, 'mutation { announce(text: "hello") }'));
    assert.deepEqual(first.data, { announcements: 'hello' });
  });

  it('gives the same error codes as HTTP: bad input is BAD_USER_INPUT, unexpected errors are INTERNAL without details', async () => {
    const cases: Array<[string, Record<string, unknown> | undefined, string]> = [
      ['subscription { ticked { nope } }', undefined, 'BAD_USER_INPUT'],
      ['subscription { ticked { label }', undefined, 'BAD_USER_INPUT'],
      ['subscription ($label: String) { ticked(label: $label) { label } }', { label: 5 }, 'BAD_USER_INPUT'],
      ['{ ticks }', undefined, 'BAD_USER_INPUT'],
    ];
    for (const [query, variables, code] of cases) {
      const end = await subscribe(query, variables, { cookie }).end();
      assert.equal(end.kind === 'error' && end.errors[0]?.extensions?.code, code, `${query}: ${JSON.stringify(end)}`);
    }
    const broken = subscribe<{ ticked: { broken: string | null } }>('subscription { ticked(label: "d") { broken } }', undefined, { cookie });
    const result = await broken.untilResult(() => mutate(plugin, 'mutation { tick(label: "d") }'));
    assert.deepEqual(result.data, { ticked: { broken: null } });
    assert.deepEqual(result.errors?.map((error) => [error.message, error.extensions?.code]), [['Internal server error', 'INTERNAL']]);
  });
});

it('stop() ends open subscriptions (close 1001) and returns', async () => {
  const plugin = await start(new PubSub());
  const ticks = subscribeOverWebSocket(`${plugin.url}/graphql`, { query: 'subscription { ticked { label } }' }, { ...gateway.headers({ audience: 'ticker', method: WEBSOCKET_UPGRADE, target: '/graphql' }), cookie });
  try {
    await ticks.untilResult(() => mutate(plugin, 'mutation { tick(label: "e") }'));
    await plugin.stop();
    assert.deepEqual(await ticks.end(), { kind: 'closed', code: 1001, reason: 'Going away' });
  } finally {
    await ticks.close();
  }
});

/**
 * A Redis pub/sub whose connections are ready before it subscribes, as the CLI's resolvePubSub makes it: a
 * subscriber that subscribes while ioredis still runs its ready check (INFO) fails that check with "Connection in
 * subscriber mode", an unhandled rejection.
 */
async function connectedRedisPubSub(): Promise<RedisPubSub> {
  const publisher = new Redis(redisUrl, { lazyConnect: true });
  const subscriber = new Redis(redisUrl, { lazyConnect: true });
  await Promise.all([publisher.connect(), subscriber.connect()]);
  return new RedisPubSub({ publisher, subscriber });
}

async function connectRedis(): Promise<Redis | undefined> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  try {
    await redis.connect();
    return redis;
  } catch (error) {
    redis.disconnect();
    if (process.env.CI === 'true') throw new Error('Redis is required in CI and is not reachable', { cause: error });
    console.log(`# Redis not reachable at ${redisUrl} (${(error as Error).message}): the cross-host test runs on one in-process pub/sub`);
    return undefined;
  }
}

it('over Redis pub/sub, an event published on one host reaches a subscriber of another, which unsubscribes when the client leaves', async () => {
  const probe = await connectRedis();
  const channel = `subscriptions-test-${randomBytes(4).toString('hex')}`;
  const shared = new PubSub();
  const pubsubs: PubSubEngine[] = probe ? await Promise.all([0, 1].map(() => connectedRedisPubSub())) : [shared, shared];
  const [publishing, serving] = await Promise.all(pubsubs.map((pubsub) => start(pubsub, channel)));
  const subscriberCount = async () => {
    const reply = (await probe?.call('PUBSUB', 'NUMSUB', `${channel}:ticks`)) as [string, number] | undefined;
    return reply?.[1];
  };
  try {
    const ticks = subscribeOverWebSocket<{ ticked: Tick }>(`${serving!.url}/graphql`, { query: 'subscription { ticked { label seenBy } }' }, { ...gateway.headers({ audience: 'ticker', method: WEBSOCKET_UPGRADE, target: '/graphql' }), cookie });
    const first = await ticks.untilResult(() => mutate(publishing!, 'mutation { tick(label: "across") }'));
    assert.deepEqual(first.data, { ticked: { label: 'across', seenBy: 'member@example.com' } });
    if (probe) assert.equal(await subscriberCount(), 1);
    await ticks.close();
    if (probe) {
      assert.equal(await waitFor(subscriberCount, (count) => count === 0), 0, 'the host unsubscribed from Redis when the client left');
    }
  } finally {
    await Promise.all([publishing?.stop(), serving?.stop()]);
    await Promise.all(pubsubs.map((pubsub) => (pubsub instanceof RedisPubSub ? pubsub.close() : undefined)));
    probe?.disconnect();
  }
});

it('over Redis pub/sub, a revocation announced on one host ends a subscription of that session on another', async () => {
  const probe = await connectRedis();
  const channel = `subscriptions-test-${randomBytes(4).toString('hex')}`;
  const shared = new PubSub();
  const pubsubs: PubSubEngine[] = probe ? await Promise.all([0, 1].map(() => connectedRedisPubSub())) : [shared, shared];
  const [publishing, serving] = await Promise.all(pubsubs.map((pubsub) => start(pubsub, channel)));
  const { token, sessionId } = await sessions.sign(member);
  const ticks = subscribeOverWebSocket<{ ticked: Tick }>(`${serving!.url}/graphql`, { query: 'subscription { ticked { label } }' }, { ...gateway.headers({ audience: 'ticker', method: WEBSOCKET_UPGRADE, target: '/graphql' }), cookie: `auth-token=${token}` });
  try {
    await ticks.untilResult(() => mutate(publishing!, 'mutation { tick(label: "before") }'));
    const revokedAt = Date.now();
    await sessions.revoke(sessionId);
    await pubsubs[0]!.publish(sessionsRevokedChannel, { sessionIds: [sessionId] });
    let last = await ticks.next(5_000);
    while (last.data) last = await ticks.next(5_000);
    assert.equal(last.errors?.[0]?.extensions?.code, 'UNAUTHENTICATED');
    assert.ok(Date.now() - revokedAt < 1_000, `ended ${Date.now() - revokedAt} ms after the announcement`);
  } finally {
    await ticks.close();
    await Promise.all([publishing?.stop(), serving?.stop()]);
    await Promise.all(pubsubs.map((pubsub) => (pubsub instanceof RedisPubSub ? pubsub.close() : undefined)));
    probe?.disconnect();
  }
});
