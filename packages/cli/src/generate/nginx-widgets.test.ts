import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { loadPluginPackage } from '@lattice/platform';
import { connectTestBroker, startTestPlatform, type TestPlatform } from '@lattice/platform/test-kit';
import { startWidgetsService, type RunningWidgetsService } from '@lattice/widgets';
import { RedisPubSub } from 'graphql-redis-subscriptions';
import { Redis } from 'ioredis';
import { fetch } from 'undici';
import WebSocket from 'ws';
import type { MessageBroker } from '@lattice/broker';
import { PrefixedPubSub } from '../platform/prefixed-pubsub.js';
import { nginxInstalled } from '../test-kit/nginx-process.js';
import { startTestProxy, type TestProxy } from '../test-kit/test-proxy.js';
import { toLoopback } from '../test-kit/test-tls.js';

const skip = nginxInstalled() ? false : 'nginx is not installed (apt-get install nginx; .ci/run does)';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let broker: MessageBroker;
let platform: TestPlatform;
const redis: RedisPubSub[] = [];
const widgets: RunningWidgetsService[] = [];
let proxy: TestProxy;
let integrationId: string;

/** A pub/sub on Redis under this run's own prefix, as each process of the services mode makes its own. */
function redisPubSub(prefix: string): PrefixedPubSub {
  const pubsub = new RedisPubSub({ publisher: new Redis(redisUrl), subscriber: new Redis(redisUrl) });
  redis.push(pubsub);
  return new PrefixedPubSub(pubsub, prefix);
}

before(async () => {
  if (skip) return;
  const prefix = `lattice-test-${randomBytes(4).toString('hex')}:`;
  ({ broker } = await connectTestBroker('nginx-widgets-test'));
  const plugins = await Promise.all(['contacts', 'inbox', 'messenger'].map((name) => loadPluginPackage(name)));
  platform = await startTestPlatform({ plugins, broker, pubsub: redisPubSub(prefix), healthPollIntervalMs: 100 });
  // Two widgets services, each with a Redis connection of its own: the visitor writes through one, listens on the other.
  for (let index = 0; index < 2; index++) widgets.push(await startWidgetsService({ port: 0, broker, pubsub: redisPubSub(prefix) }));
  proxy = await startTestProxy({ widgets: new URL(widgets[1]!.url).host });
  const created = await platform.graphql<{ integrationsCreateExternalIntegration: { _id: string } }>(
    'mutation { integrationsCreateExternalIntegration(kind: "messenger", name: "Behind nginx", data: {}) { _id } }',
  );
  assert.equal(created.errors, undefined, JSON.stringify(created.errors));
  integrationId = created.data!.integrationsCreateExternalIntegration._id;
});
after(async () => {
  await proxy?.stop();
  for (const service of widgets) await service.stop();
  await platform?.stop();
  await broker?.close();
  for (const pubsub of redis) await pubsub.close();
});

describe('the widgets service behind the generated nginx, two processes on Redis', { skip, timeout: 300_000 }, () => {
  it('serves /widgets/messenger.js, takes a message through /widgets/api, and brings the reply over wss:// /widgets/ws from the other process', async () => {
    const loader = await fetch(`${proxy.origin}/widgets/messenger.js`, { dispatcher: proxy.dispatcher });
    assert.equal(loader.status, 200);
    assert.match(await loader.text(), /data-integration-id/);

    // The first message goes to widgets process 0 directly; nginx leads to process 1.
    const sent = await fetch(`${widgets[0]!.url}/api/messages?integrationId=${integrationId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ integrationId, body: 'Through two processes' }),
    });
    assert.equal(sent.status, 200);
    const { visitorToken } = (await sent.json()) as { visitorToken: string };
    const again = await fetch(`${proxy.origin}/widgets/api/messages?integrationId=${integrationId}`, {
      dispatcher: proxy.dispatcher,
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: proxy.origin },
      body: JSON.stringify({ integrationId, visitorToken, body: 'And through nginx' }),
    });
    assert.equal(again.status, 200, await again.clone().text());

    const socket = new WebSocket(`${proxy.origin.replace(/^https/, 'wss')}/widgets/ws`, { ca: proxy.pem, lookup: toLoopback, headers: { origin: proxy.origin } });
    const events: Array<{ type: string; message?: { from: string; body: string } }> = [];
    let wake = () => undefined as void;
    // Said when an awaited event never comes: a socket the service closed (4401 unknown visitor, 4400 bad hello) tells why.
    let closed = 'still open';
    socket.on('close', (code, reason) => {
      closed = `closed ${code} ${String(reason)}`;
      wake();
    });
    socket.on('message', (data) => {
      events.push(JSON.parse(String(data)) as (typeof events)[number]);
      wake();
    });
    const until = (test: () => boolean) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no such event in 30 s (socket ${closed}): ${JSON.stringify(events)}`)), 30_000);
        wake = () => {
          if (test()) {
            clearTimeout(timer);
            resolve();
          }
        };
        wake();
      });
    socket.on('open', () => socket.send(JSON.stringify({ type: 'hello', integrationId, visitorToken })));
    await until(() => events.some((event) => event.type === 'ready'));

    const conversations = await platform.graphql<{ conversations: Array<{ _id: string }> }>('query ($id: String) { conversations(integrationId: $id) { _id } }', { id: integrationId });
    const conversationId = conversations.data!.conversations[0]!._id;
    const started = Date.now();
    const reply = await platform.graphql('mutation ($id: String!) { conversationReply(conversationId: $id, content: "Answered over Redis") { state } }', { id: conversationId });
    assert.equal(reply.errors, undefined, JSON.stringify(reply.errors));
    await until(() => events.some((event) => event.type === 'message' && event.message?.body === 'Answered over Redis'));
    const latency = Date.now() - started;
    // The pace (p50/p99) is bench/widgets' to record; here the reply must arrive through both processes at all.
    console.log(`the agent's reply reached the visitor through Redis and nginx in ${latency} ms`);
    socket.close();
  });
});
