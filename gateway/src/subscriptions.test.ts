import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import type { Gateway } from './index.js';
import { startTestGateway } from './test-support/sample-gateway.js';
import { postGraphql } from './test-support/post-graphql.js';
import { startDocumentsHost, startNotificationsHost, type NotificationsHost } from './test-support/sample-plugins.js';
import { subscribeOverWebSocket, type TestSubscription } from './test-kit/subscribe-over-websocket.js';
import type { TestPluginHost } from './test-support/test-plugin-host.js';

const cookie = 'auth-token=t1';

async function eventually(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting until ${what}`);
    await delay(20);
  }
}

/** Triggers every 100 ms until the subscription yields a result, and returns it. */
async function untilNext<T>(subscription: AsyncIterator<T>, trigger: () => unknown): Promise<T> {
  const next = subscription.next();
  for (;;) {
    trigger();
    const result = await Promise.race([next, delay(100).then(() => undefined)]);
    if (result) {
      assert.ok(!result.done, 'the subscription ended before a result');
      return result.value;
    }
  }
}

/** The status of a raw websocket handshake: 101 when it was accepted, else the refusal's status. */
function handshakeStatus(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, 'graphql-transport-ws', { headers });
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

describe('GraphQL subscriptions through the gateway (graphql-ws on /graphql)', () => {
  let documents: TestPluginHost;
  let notifications: NotificationsHost;
  let gateway: Gateway;
  let wsUrl: string;
  const open: TestSubscription[] = [];
  const subscribe = <T = Record<string, unknown>>(query: string, headers: Record<string, string> = { cookie }) => {
    const subscription = subscribeOverWebSocket<T>(`${gateway.url}/graphql`, { query }, headers);
    open.push(subscription as TestSubscription);
    return subscription;
  };
  const notifiedWhenLive = (subscription: TestSubscription) =>
    subscription.untilResult(async () => notifications.notify({ topic: 'warm-up', text: 'warm-up' }));

  before(async () => {
    [documents, notifications] = await Promise.all([startDocumentsHost(), startNotificationsHost()]);
    gateway = await startTestGateway({
      subgraphs: [
        { name: 'documents', urls: [documents.url] },
        { name: 'notifications', urls: [notifications.host.url] },
      ],
    });
    wsUrl = `${gateway.url.replace(/^http/, 'ws')}/graphql`;
  });
  after(async () => {
    await Promise.all(open.map((subscription) => subscription.close()));
    await gateway.stop();
    await Promise.all([documents.dispose(), notifications.host.dispose()]);
  });

  it("forwards a subscription to the plugin that owns it and relays its events, with the client's cookie and authorization", async () => {
    const notified = subscribe<{ notified: { topic: string; text: string; document: { id: string } | null } }>(
      'subscription { notified { topic text document { id } } }',
    );
    await notifiedWhenLive(notified);
    notifications.notify({ topic: 'documents', text: 'Contract signed', document: { id: 'd1' } });
    let result = await notified.next();
    while (result.data?.notified.topic === 'warm-up') result = await notified.next();
    assert.deepEqual(result, { data: { notified: { topic: 'documents', text: 'Contract signed', document: { id: 'd1' } } } });

    // A document with several operations runs the one operationName names, as over HTTP.
    const sentWith = subscribeOverWebSocket<{ sentWith: string }>(
      `${gateway.url}/graphql`,
      { query: 'query Topics { notificationTopics } subscription SentWith { sentWith }', operationName: 'SentWith' },
      { cookie, authorization: 'Bearer b1' },
    );
    open.push(sentWith as TestSubscription);
    assert.deepEqual(await sentWith.next(), { data: { sentWith: 'auth-token=t1 Bearer b1' } });
    assert.deepEqual(await sentWith.end(), { kind: 'complete' }, "the plugin's complete reaches the client");
    assert.equal(notifications.host.upgradeHeaders.at(-1)?.['x-forwarded-for'], '127.0.0.1');
  });

  it("relays the plugin's refusal as it is (the plugin checks the login, as over HTTP)", async () => {
    const end = await subscribe('subscription { notified { text } }', {}).end();
    assert.deepEqual(end, { kind: 'error', errors: [{ message: 'You must be logged in', extensions: { code: 'UNAUTHENTICATED' } }] });
  });

  it('checks the operation as HTTP does: validation is BAD_USER_INPUT, limits QUERY_TOO_COMPLEX, nothing reaches the plugin', async () => {
    const upgradesBefore = notifications.host.upgradeHeaders.length;
    const cases: Array<[string, RegExp, string]> = [
      ['subscription { notified { nope } }', /Cannot query field "nope"/, 'BAD_USER_INPUT'],
      ['subscription { notified { text }', /Syntax Error/, 'BAD_USER_INPUT'],
      [`subscription { notified { ${Array.from({ length: 101 }, (_, i) => `a${i}: text`).join(' ')} } }`, /too many aliases/, 'QUERY_TOO_COMPLEX'],
      ['{ notificationTopics }', /Only subscriptions are served over websocket/, 'BAD_USER_INPUT'],
    ];
    for (const [query, message, code] of cases) {
      const end = await subscribe(query).end();
      assert.equal(end.kind, 'error', query);
      assert.equal(end.kind === 'error' && end.errors[0]?.extensions?.['code'], code, query);
      assert.match(end.kind === 'error' ? end.errors[0]?.message ?? '' : '', message);
    }
    assert.equal(notifications.host.upgradeHeaders.length, upgradesBefore, 'no connection to the plugin was opened');
  });

  it("refuses a subscription that needs another plugin's entity fields, naming the plugin that serves it", async () => {
    const end = await subscribe('subscription { notified { text document { id name } } }').end();
    assert.equal(end.kind, 'error');
    const [error] = end.kind === 'error' ? end.errors : [];
    assert.equal(error?.extensions?.['code'], 'BAD_USER_INPUT');
    assert.match(error?.message ?? '', /answered by the plugin that serves it \("notifications"\).*other plugins/);
  });

  it('completes the subscription at the plugin when the client completes it, and when the client just goes away', async () => {
    const openBefore = notifications.openSubscriptions();
    // A raw client, to complete one subscription while its socket stays open, then drop the socket without a word.
    const socket = new WebSocket(wsUrl, 'graphql-transport-ws', { headers: { cookie } });
    const messages: Array<{ type: string; id?: string }> = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data)) as { type: string; id?: string }));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'connection_init' }));
    await eventually(() => messages.some((message) => message.type === 'connection_ack'), 'the gateway acknowledged');
    for (const id of ['a', 'b']) {
      socket.send(JSON.stringify({ id, type: 'subscribe', payload: { query: 'subscription { notified { text } }' } }));
    }
    await eventually(() => {
      notifications.notify({ topic: 'warm-up', text: 'raw' });
      return ['a', 'b'].every((id) => messages.some((message) => message.type === 'next' && message.id === id));
    }, 'both subscriptions are live');
    assert.equal(notifications.openSubscriptions(), openBefore + 2);

    socket.send(JSON.stringify({ id: 'a', type: 'complete' }));
    await eventually(() => notifications.openSubscriptions() === openBefore + 1, 'the completed subscription ended at the plugin');
    socket.terminate();
    await eventually(() => notifications.openSubscriptions() === openBefore, 'the dropped client’s subscription ended at the plugin');
  });

  it('refuses upgrades from another origin (CSRF) and accepts the own origin, also behind a proxy', async () => {
    const host = new URL(gateway.url).host;
    assert.equal(await handshakeStatus(wsUrl, { origin: 'https://evil.example' }), 403);
    assert.equal(await handshakeStatus(wsUrl, { origin: 'null' }), 403);
    assert.equal(await handshakeStatus(wsUrl, { origin: `http://${host}` }), 101);
    assert.equal(await handshakeStatus(wsUrl, { origin: 'https://lattice.example', 'x-forwarded-host': 'lattice.example' }), 101);
    assert.equal(await handshakeStatus(wsUrl, {}), 101, 'a client without Origin is not a browser');
    assert.equal(await handshakeStatus(`${gateway.url.replace(/^http/, 'ws')}/elsewhere`, {}), 404);
  });

  it('still refuses subscriptions over HTTP', async () => {
    const response = await postGraphql(gateway.url, { query: 'subscription { notified { text } }' });
    assert.equal(response.status, 400);
    assert.match(response.body.errors?.[0]?.message ?? '', /served over websocket/);
  });

  it('refuses a subscription past the per-connection limit, and takes one again once another completed', async () => {
    const limited = await startTestGateway({
      subgraphs: [{ name: 'notifications', urls: [notifications.host.url] }],
      maxSubscriptionsPerConnection: 2,
    });
    const client = createClient({
      url: `${limited.url.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: class extends WebSocket {
        constructor(address: string, protocols?: string | string[]) {
          super(address, protocols, { headers: { cookie } });
        }
      },
      retryAttempts: 0,
    });
    try {
      const query = 'subscription { notified { text } }';
      const first = client.iterate({ query });
      const second = client.iterate({ query });
      for (const live of [first, second]) await untilNext(live, () => notifications.notify({ topic: 'warm-up', text: 'warm-up' }));
      const third = client.iterate({ query });
      const refusal = Promise.race([third.next(), delay(5_000).then(() => Promise.reject(new Error('no refusal within 5 s')))]);
      await assert.rejects(refusal, (errors: unknown) => {
        assert.deepEqual(errors, [
          {
            message: 'A connection may hold at most 2 subscriptions at once: complete some, or open another connection',
            extensions: { code: 'BAD_USER_INPUT' },
          },
        ]);
        return true;
      });
      await first.return?.();
      const fourth = client.iterate({ query });
      assert.ok((await untilNext(fourth, () => notifications.notify({ topic: 'limit', text: 'room again' }))).data);
      await Promise.all([second.return?.(), fourth.return?.()]);
    } finally {
      await client.dispose();
      await limited.stop();
    }
  });

  it('ends a subscription with PLUGIN_UNAVAILABLE naming the plugin when it goes away, and answers new ones the same while it is down', async () => {
    const notified = subscribe('subscription { notified { text } }');
    await notifiedWhenLive(notified);
    await notifications.host.stop();
    const unavailable = { message: 'Plugin "notifications" is unavailable', extensions: { code: 'PLUGIN_UNAVAILABLE', plugin: 'notifications' } };
    let result = await notified.next();
    while (!result.errors) result = await notified.next();
    assert.deepEqual(result, { errors: [unavailable] });
    assert.deepEqual(await notified.end(), { kind: 'complete' });

    await gateway.refresh();
    const later = subscribe('subscription { notified { text } }');
    assert.deepEqual(await later.next(), { errors: [unavailable] });
    assert.deepEqual(await later.end(), { kind: 'complete' });

    await notifications.host.start();
    await gateway.refresh();
    const again = subscribe('subscription { notified { text } }');
    assert.ok((await notifiedWhenLive(again)).data, 'subscriptions work again once the plugin is back');
  });
});
