import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pino } from 'pino';
import WebSocket from 'ws';
import type { Gateway } from './index.js';
import { subscribeOverWebSocket } from './test-kit/subscribe-over-websocket.js';
import { postGraphql } from './test-support/post-graphql.js';
import { startTestGateway } from './test-support/sample-gateway.js';
import { startContactsHost, startDocumentsHost, startNotificationsHost, type NotificationsHost } from './test-support/sample-plugins.js';
import type { TestPluginHost } from './test-support/test-plugin-host.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The `x-request-id` of the last GraphQL request the host received. */
const lastIdAt = (host: TestPluginHost) => host.graphqlHeaders.at(-1)?.['x-request-id'];

describe('request ids', () => {
  let documents: TestPluginHost;
  let contacts: TestPluginHost;
  let notifications: NotificationsHost;
  let gateway: Gateway;
  const logLines: Array<{ msg: string; reqId?: string }> = [];

  before(async () => {
    [documents, contacts, notifications] = await Promise.all([startDocumentsHost(), startContactsHost(), startNotificationsHost()]);
    gateway = await startTestGateway({
      logger: pino({ level: 'warn' }, { write: (line: string) => void logLines.push(JSON.parse(line) as { msg: string }) }),
      subgraphs: [
        { name: 'documents', urls: [documents.url] },
        { name: 'contacts', urls: [contacts.url] },
        { name: 'notifications', urls: [notifications.host.url] },
      ],
    });
  });
  after(async () => {
    await gateway.stop();
    await Promise.all([documents.dispose(), contacts.dispose(), notifications.host.dispose()]);
  });

  it('passes a sane client id to every subgraph request and returns it', async () => {
    const fast = await postGraphql(gateway.url, { query: '{ documents { id } }' }, { 'x-request-id': 'client_id.42:A-b' });
    assert.equal(fast.headers.get('x-request-id'), 'client_id.42:A-b');
    assert.equal(lastIdAt(documents), 'client_id.42:A-b');

    const planned = await postGraphql(gateway.url, { query: '{ documents { owner { name } } }' }, { 'x-request-id': 'planned-1' });
    assert.equal(planned.body.errors, undefined);
    assert.equal(planned.headers.get('x-request-id'), 'planned-1');
    assert.equal(lastIdAt(documents), 'planned-1');
    assert.equal(lastIdAt(contacts), 'planned-1');

    const longest = 'x'.repeat(128);
    const kept = await postGraphql(gateway.url, { query: '{ documents { id } }' }, { 'x-request-id': longest });
    assert.equal(kept.headers.get('x-request-id'), longest);
  });

  it('makes one when the client sends none or one that is not sane', async () => {
    for (const given of [undefined, 'x'.repeat(129), 'has space', 'semi;colon', 'a,b', '']) {
      const response = await postGraphql(gateway.url, { query: '{ documents { id } }' }, given === undefined ? {} : { 'x-request-id': given });
      const id = response.headers.get('x-request-id') ?? '';
      assert.match(id, UUID, `for ${JSON.stringify(given)}`);
      assert.equal(lastIdAt(documents), id);
    }
  });

  it('sends it on /pl: requests and on websocket upgrades, and names it in the handshake answer', async () => {
    const proxied = await fetch(`${gateway.url}/pl:documents/echo`, { headers: { 'x-request-id': 'proxy-7' } });
    assert.equal(proxied.headers.get('x-request-id'), 'proxy-7');
    assert.equal(((await proxied.json()) as { headers: Record<string, string> }).headers['x-request-id'], 'proxy-7');
    const missing = await fetch(`${gateway.url}/pl:nope/echo`);
    assert.match(missing.headers.get('x-request-id') ?? '', UUID);

    const handshakeId = await new Promise<string | undefined>((resolve, reject) => {
      const socket = new WebSocket(`${gateway.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', {
        headers: { 'x-request-id': 'ws-handshake-1' },
      });
      socket.once('upgrade', (response) => resolve(response.headers['x-request-id'] as string | undefined));
      socket.once('open', () => socket.close());
      socket.once('error', reject);
    });
    assert.equal(handshakeId, 'ws-handshake-1');

    const subscription = subscribeOverWebSocket<{ sentWith: string }>(
      `${gateway.url}/graphql`,
      { query: 'subscription { sentWith }' },
      { cookie: 'auth-token=t1', 'x-request-id': 'ws-sub-2' },
    );
    try {
      assert.equal((await subscription.next()).data?.sentWith, 'auth-token=t1 -');
      assert.equal(notifications.host.upgradeHeaders.at(-1)?.['x-request-id'], 'ws-sub-2');
    } finally {
      await subscription.close();
    }
  });

  it('logs with it', async () => {
    await contacts.stop();
    try {
      const response = await postGraphql(gateway.url, { query: '{ contacts { name } }' }, { 'x-request-id': 'log-me-3' });
      assert.equal(response.body.errors?.[0]?.extensions?.['code'], 'PLUGIN_UNAVAILABLE');
      assert.ok(
        logLines.some((line) => line.reqId === 'log-me-3' && line.msg.includes('refused')),
        JSON.stringify(logLines),
      );
    } finally {
      await contacts.start();
    }
  });
});
