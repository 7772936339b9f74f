import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { MessageBroker } from '@lattice/broker';
import { loadPluginPackage } from '@lattice/platform';
import {
  connectTestBroker,
  startTestPlatform,
  subscribeOverWebSocket,
  waitFor,
  type TestPlatform,
  type TestSubscription,
} from '@lattice/platform/test-kit';
import { inboxPlugin } from './plugin.js';

interface ChangedConversation {
  _id: string;
  status: string;
  content: string | null;
  integration: { name: string } | null;
}
type Changed = { conversationChanged: ChangedConversation };

const run = randomBytes(3).toString('hex');
const query = 'subscription ($id: String) { conversationChanged(_id: $id) { _id status content integration { name } } }';
let platform: TestPlatform;
let broker: MessageBroker;
let integration: { _id: string; webhookToken: string };
const open: TestSubscription[] = [];

function subscribe(variables: { id?: string } = {}, headers: Record<string, string> = { cookie: platform.authCookie }) {
  const subscription = subscribeOverWebSocket<Changed>(`${platform.gatewayUrl}/graphql`, { query, variables }, headers);
  open.push(subscription as TestSubscription);
  return subscription;
}

async function ok<T>(text: string, variables?: Record<string, unknown>): Promise<T> {
  const response = await platform.graphql<T>(text, variables);
  assert.equal(response.errors, undefined, JSON.stringify(response.errors));
  return response.data as T;
}

/** A mail as the imap plugin receives it on POST /receive, through the gateway. */
async function deliverMail(subject: string): Promise<void> {
  const response = await fetch(`${platform.gatewayUrl}/pl:imap/receive`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-integration-token': integration.webhookToken },
    body: JSON.stringify({
      integrationId: integration._id,
      messageId: `<${subject.replace(/\W/g, '-')}.${run}@mail.test>`,
      subject,
      body: 'Hello',
      from: [{ name: 'Sender', address: `${subject.replace(/\W/g, '-')}.${run}@example.com` }],
    }),
  });
  assert.equal(response.status, 200, await response.text());
}

function changeStatus(id: string, status: 'open' | 'closed') {
  return ok('mutation ($ids: [String!]!, $status: ConversationStatus!) { conversationsChangeStatus(_ids: $ids, status: $status) { _id } }', {
    ids: [id],
    status,
  });
}

/** The next result that passes `wanted`, skipping the warm-up events a live subscription may still bring. */
async function nextWhere(subscription: TestSubscription<Changed>, wanted: (conversation: ChangedConversation) => boolean) {
  for (;;) {
    const result = await subscription.next();
    assert.equal(result.errors, undefined, JSON.stringify(result.errors));
    const conversation = result.data?.conversationChanged;
    assert.ok(conversation);
    if (wanted(conversation)) return conversation;
  }
}

/** The inbox learns integration kinds from the plugins' announcements over the broker, a moment after start. */
async function imapKindAnnounced(): Promise<void> {
  const kinds = await waitFor(
    async () => (await ok<{ integrationKinds: Array<{ kind: string }> }>('{ integrationKinds { kind } }')).integrationKinds,
    (list) => list.some((entry) => entry.kind === 'imap'),
    { timeoutMs: 10_000 },
  );
  assert.ok(kinds.some((entry) => entry.kind === 'imap'), 'the imap plugin announced its kind to the inbox');
}

async function gatewaySeesInboxUp(): Promise<void> {
  const health = await waitFor(
    async () => (await (await fetch(`${platform.gatewayUrl}/health`)).json()) as { plugins: Record<string, string> },
    (answer) => answer.plugins['inbox'] === 'up',
    { timeoutMs: 10_000 },
  );
  assert.equal(health.plugins['inbox'], 'up', 'the gateway sees inbox up again');
}

async function conversationOf(subject: string): Promise<string> {
  const { conversations } = await ok<{ conversations: Array<{ _id: string; content: string }> }>(
    'query ($id: String) { conversations(integrationId: $id, perPage: 200) { _id content } }',
    { id: integration._id },
  );
  const found = conversations.find((conversation) => conversation.content === subject);
  assert.ok(found, `a conversation for "${subject}"`);
  return found._id;
}

before(async () => {
  ({ broker } = await connectTestBroker('inbox-subscription-test'));
  // The other plugins are found by name at run time, as the platform finds them: no plugin imports another.
  const [contacts, imap] = await Promise.all([loadPluginPackage('contacts'), loadPluginPackage('imap')]);
  platform = await startTestPlatform({ plugins: [contacts, inboxPlugin, imap], broker, healthPollIntervalMs: 100 });
  await imapKindAnnounced();
  const created = await ok<{ integrationsCreateExternalIntegration: { _id: string; webhookToken: string } }>(
    'mutation { integrationsCreateExternalIntegration(kind: "imap", name: "Support") { _id webhookToken } }',
  );
  integration = created.integrationsCreateExternalIntegration;
});
after(async () => {
  await Promise.all(open.map((subscription) => subscription.close()));
  await platform?.stop();
  await broker?.close();
});

describe('conversationChanged through the gateway over websocket', () => {
  let first: string;

  it('sends the logged-in user an event for a mail received through the imap plugin, and for a status change', async () => {
    await deliverMail('Order 42');
    first = await conversationOf('Order 42');
    const changes = subscribe();
    await changes.untilResult(() => changeStatus(first, 'open'));

    await deliverMail('Invoice 7');
    const received = await nextWhere(changes, (conversation) => conversation._id !== first);
    const { _id, ...fields } = received;
    assert.equal(_id, await conversationOf('Invoice 7'));
    assert.deepEqual(fields, { status: 'open', content: 'Invoice 7', integration: { name: 'Support' } });

    await changeStatus(_id, 'closed');
    const closed = await nextWhere(changes, (conversation) => conversation._id === _id);
    assert.equal(closed.status, 'closed');
  });

  it('narrows to one conversation with _id', async () => {
    await deliverMail('Refund');
    const refund = await conversationOf('Refund');
    const onlyRefund = subscribe({ id: refund });
    await onlyRefund.untilResult(() => changeStatus(refund, 'open'));

    await changeStatus(first, 'closed');
    await changeStatus(refund, 'closed');
    // Results come in publishing order: had the filter let the other conversation through, it would come first.
    const seen = await nextWhere(onlyRefund, (conversation) => {
      assert.equal(conversation._id, refund, 'only the conversation subscribed to');
      return conversation.status === 'closed';
    });
    assert.equal(seen._id, refund);
  });

  it('refuses a subscription without a login', async () => {
    const anonymous = subscribe({}, {});
    assert.deepEqual(await anonymous.end(), {
      kind: 'error',
      errors: [{ message: 'You must be logged in', extensions: { code: 'UNAUTHENTICATED' } }],
    });
    const forged = subscribe({}, { cookie: 'auth-token=forged.token.value' });
    const end = await forged.end();
    assert.equal(end.kind === 'error' && end.errors[0]?.extensions?.['code'], 'UNAUTHENTICATED');
  });

  it('ends the subscription with PLUGIN_UNAVAILABLE naming inbox when the plugin stops, then serves it again when it is back', async () => {
    const changes = subscribe();
    await changes.untilResult(() => changeStatus(first, 'open'));
    await platform.stopPlugin('inbox');
    let result = await changes.next();
    while (!result.errors) result = await changes.next();
    assert.deepEqual(result.errors, [
      { message: 'Plugin "inbox" is unavailable', extensions: { code: 'PLUGIN_UNAVAILABLE', plugin: 'inbox' } },
    ]);
    assert.deepEqual(await changes.end(), { kind: 'complete' });

    await platform.startPlugin('inbox');
    await gatewaySeesInboxUp();
    const again = subscribe();
    const back = await again.untilResult(() => changeStatus(first, 'open'));
    assert.equal(back.data?.conversationChanged._id, first);
  });
});
