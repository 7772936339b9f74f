import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { subscribeOverWebSocket, type TestPlatform, type TestSubscription } from '@lattice/platform/test-kit';
import {
  contactsCount,
  conversationDetail,
  conversations,
  createImapIntegration,
  postJson,
  postRfc822,
  rfc822,
  type TestIntegration,
} from './test-support/imap-test-client.js';
import { startImapPlatform, type ImapTestPlatform } from './test-support/start-imap-platform.js';

const run = randomBytes(3).toString('hex');
const id = (name: string) => `<${name}.${run}@mail.test>`;
const sender = (name: string) => ({ name: `${name} Sender`, address: `${name}.${run}@example.com` });

let running: ImapTestPlatform;
let platform: TestPlatform;
let integration: TestIntegration;

before(async () => {
  running = await startImapPlatform('imap-receive-test');
  platform = running.platform;
  integration = await createImapIntegration(platform, 'Support');
});
after(async () => {
  await running?.stop();
});

function conversationOf<T extends { _id: string }>(entries: T[], known: Set<string>): T[] {
  return entries.filter((entry) => !known.has(entry._id));
}

describe('POST /receive: the incoming-message flow (SPEC.md rules 1-5)', () => {
  it('GET /login answers login', async () => {
    const response = await fetch(`${platform.gatewayUrl}/pl:imap/login`);
    assert.equal(response.status, 200);
    assert.equal(await response.text(), 'login');
  });

  it('files a thread: new conversation, repeated messageId skipped, replies by inReplyTo and by references join it', async () => {
    const alice = sender('alice');
    const first = await postJson(platform, integration, {
      messageId: id('a1'),
      subject: 'Order 42',
      body: 'Where is my order?',
      from: [alice],
      to: [{ name: 'Support', address: 'support@lattice.test' }],
    });
    assert.deepEqual(first, { status: 200, text: 'Successfully receiving message' });
    const [conversation] = await conversations(platform, integration.integrationId);
    assert.ok(conversation);
    assert.equal(conversation.content, 'Order 42');

    assert.equal((await postJson(platform, integration, { messageId: id('a1'), subject: 'again', from: [alice] })).status, 200);
    await postJson(platform, integration, { messageId: id('a2'), inReplyTo: id('a1'), subject: 'Re: Order 42', from: [alice] });
    await postJson(platform, integration, { messageId: id('a3'), references: [id('a1')], subject: 'Re: Re: Order 42', from: [alice] });
    // The RFC 822 form threads with the JSON form: Message-IDs compare in their <...> form.
    const raw = await postRfc822(
      platform,
      integration,
      rfc822({ messageId: id('a4'), from: `"Alice Sender" <${alice.address}>`, inReplyTo: id('a3'), subject: 'Re: raw' }),
    );
    assert.deepEqual(raw, { status: 200, text: 'Successfully receiving message' });

    const all = await conversations(platform, integration.integrationId);
    assert.equal(all.length, 1, 'one conversation for the whole thread');
    const detail = await conversationDetail(platform, conversation._id);
    assert.deepEqual(
      detail.map((entry) => entry.mailData.messageId),
      [id('a1'), id('a2'), id('a3'), id('a4')],
    );
    assert.equal(detail.filter((entry) => entry.mailData.messageId === id('a1')).length, 1, 'the repeated messageId was skipped');
    assert.equal(await contactsCount(platform, alice.address), 1, 'one contacts customer for the sender');
  });

  it('joins a message to an earlier one that references it (the reply arrived first)', async () => {
    const bob = sender('bob');
    const known = new Set((await conversations(platform, integration.integrationId)).map((entry) => entry._id));
    await postJson(platform, integration, { messageId: id('b2'), inReplyTo: id('b1'), references: [id('b1')], subject: 'Re: early', from: [bob] });
    const [replyConversation] = conversationOf(await conversations(platform, integration.integrationId), known);
    assert.ok(replyConversation);
    await postJson(platform, integration, { messageId: id('b1'), subject: 'early', from: [bob] });
    const newOnes = conversationOf(await conversations(platform, integration.integrationId), known);
    assert.equal(newOnes.length, 1);
    assert.deepEqual(
      (await conversationDetail(platform, replyConversation._id)).map((entry) => entry.mailData.messageId).sort(),
      [id('b1'), id('b2')].sort(),
    );
  });

  it('opens a new conversation for an unrelated message and reuses the customer', async () => {
    const carol = sender('carol');
    const known = new Set((await conversations(platform, integration.integrationId)).map((entry) => entry._id));
    await postJson(platform, integration, { messageId: id('c1'), subject: 'one', from: [carol] });
    await postJson(platform, integration, { messageId: id('c2'), subject: 'two', from: [carol] });
    const fresh = conversationOf(await conversations(platform, integration.integrationId), known);
    assert.equal(fresh.length, 2);
    assert.equal(fresh[0]?.customerId, fresh[1]?.customerId);
    assert.equal(await contactsCount(platform, carol.address), 1);
  });

  it('uses the contacts customer that already exists for the sender', async () => {
    const dora = sender('dora');
    const added = await platform.graphql<{ customersAdd: { _id: string } }>(
      'mutation ($email: String!) { customersAdd(primaryEmail: $email, firstName: "Dora") { _id } }',
      { email: dora.address },
    );
    const known = new Set((await conversations(platform, integration.integrationId)).map((entry) => entry._id));
    await postJson(platform, integration, { messageId: id('d1'), subject: 'known', from: [dora] });
    const [conversation] = conversationOf(await conversations(platform, integration.integrationId), known);
    assert.equal(conversation?.customerId, added.data?.customersAdd._id);
    assert.equal(await contactsCount(platform, dora.address), 1);
  });

  it('answers conversation detail with {name, email} lists, and empty lists where one is missing', async () => {
    const erin = sender('erin');
    const known = new Set((await conversations(platform, integration.integrationId)).map((entry) => entry._id));
    await postJson(platform, integration, {
      messageId: id('e1'),
      subject: 'Lists',
      body: 'text',
      from: [erin],
      to: [{ name: 'Support', address: 'support@lattice.test' }],
      cc: [{ address: 'cc@lattice.test' }],
    });
    const [conversation] = conversationOf(await conversations(platform, integration.integrationId), known);
    const [entry] = await conversationDetail(platform, conversation!._id);
    assert.equal(entry?.title, 'Lists');
    assert.deepEqual({ ...entry?.mailData, createdAt: typeof entry?.mailData.createdAt }, {
      createdAt: 'string',
      direction: 'incoming',
      messageId: id('e1'),
      from: [{ name: erin.name, email: erin.address }],
      to: [{ name: 'Support', email: 'support@lattice.test' }],
      cc: [{ name: '', email: 'cc@lattice.test' }],
      bcc: [],
      subject: 'Lists',
      body: 'text',
    });
  });
  it('answers on the integrations ingress too (/imap/... on its own port)', async () => {
    const login = await fetch(`${platform.integrationsUrl}/imap/login`);
    assert.equal(await login.text(), 'login');
    const response = await fetch(`${platform.integrationsUrl}/imap/receive`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-integration-token': integration.token },
      body: JSON.stringify({ integrationId: integration.integrationId, messageId: id('ingress'), subject: 'via 3400', from: [sender('ivy')] }),
    });
    assert.equal(response.status, 200, await response.clone().text());
    assert.equal(await response.text(), 'Successfully receiving message');
    const filed = (await conversations(platform, integration.integrationId)).filter((entry) => entry.content === 'via 3400');
    assert.equal(filed.length, 1);
  });
});

describe('imapMessageStored: the imap view hears of a stored mail', () => {
  interface Stored {
    imapMessageStored: { _id: string; inboxConversationId: string };
  }
  const opened: Array<TestSubscription<Stored>> = [];
  after(async () => {
    await Promise.all(opened.map((subscription) => subscription.close()));
  });
  function subscribeTo(inboxConversationId: string, cookie = platform.authCookie): TestSubscription<Stored> {
    const subscription = subscribeOverWebSocket<Stored>(
      `${platform.gatewayUrl}/graphql`,
      { query: 'subscription ($c: String!) { imapMessageStored(inboxConversationId: $c) { _id inboxConversationId } }', variables: { c: inboxConversationId } },
      cookie ? { cookie } : {},
    );
    opened.push(subscription);
    return subscription;
  }
  /** Starts a conversation with one mail; its id. */
  async function startConversation(name: string): Promise<string> {
    const known = new Set((await conversations(platform, integration.integrationId)).map((entry) => entry._id));
    await postJson(platform, integration, { messageId: id(`${name}0`), subject: `${name} thread`, from: [sender(name)] });
    const [conversation] = conversationOf(await conversations(platform, integration.integrationId), known);
    assert.ok(conversation);
    return conversation._id;
  }
  /** Every event's message is listed by imapConversationDetail when the event arrives; their ids. */
  async function assertReadable(conversationId: string, events: Array<{ data?: Stored | null }>): Promise<string[]> {
    const listed = new Set((await conversationDetail(platform, conversationId)).map((entry) => entry._id));
    return events.map((event) => {
      const stored = event.data?.imapMessageStored;
      assert.equal(stored?.inboxConversationId, conversationId, JSON.stringify(event));
      assert.ok(listed.has(stored._id), `message ${stored._id} was announced before imapConversationDetail listed it`);
      return stored._id;
    });
  }

  it('sends each mail stored in the conversation once it can be read, and nothing of another conversation', async () => {
    const [mine, other] = [await startConversation('sub-mine'), await startConversation('sub-other')];
    const mineEvents = subscribeTo(mine);
    const otherEvents = subscribeTo(other);
    // A subscription is live once its first event came; every event is checked against the query right away.
    let count = 0;
    const deliverTo = (name: string) => () => postJson(platform, integration, { messageId: id(`${name}${++count}`), inReplyTo: id(`${name}0`), subject: `Re ${count}`, from: [sender(name)] });
    await assertReadable(other, [await otherEvents.untilResult(deliverTo('sub-other'))]);
    await assertReadable(mine, [await mineEvents.untilResult(deliverTo('sub-mine'))]);

    // One more mail in mine, then one in other: other's events up to that last one include none of mine.
    const last = await deliverTo('sub-mine')();
    assert.equal(last.status, 200);
    const mineMessageId = id(`sub-mine${count}`);
    const announced: string[] = [];
    const mineMessage = (await conversationDetail(platform, mine)).find((entry) => entry.mailData.messageId === mineMessageId);
    assert.ok(mineMessage);
    while (!announced.includes(mineMessage._id)) announced.push(...(await assertReadable(mine, [await mineEvents.next(10_000)])));
    await deliverTo('sub-other')();
    const otherMessage = (await conversationDetail(platform, other)).find((entry) => entry.mailData.messageId === id(`sub-other${count}`));
    assert.ok(otherMessage);
    const heardByOther: string[] = [];
    while (!heardByOther.includes(otherMessage._id)) heardByOther.push(...(await assertReadable(other, [await otherEvents.next(10_000)])));
  });

  it('is refused without a login', async () => {
    const refused = subscribeTo(await startConversation('sub-anonymous'), '');
    const end = await refused.end(10_000);
    assert.equal(end.kind, 'error', JSON.stringify(end));
    assert.equal(end.kind === 'error' && end.errors[0]?.extensions?.['code'], 'UNAUTHENTICATED', JSON.stringify(end));
  });
});

describe('POST /receive: bad input stores nothing', () => {
  async function storedCount() {
    return (await conversations(platform, integration.integrationId)).length;
  }

  it('is 401 without the integration token, with a wrong one, or for an unknown integration', async () => {
    const before = await storedCount();
    const message = { messageId: id('x1'), from: [sender('mallory')] };
    assert.equal((await postJson(platform, integration, message, '')).status, 401);
    assert.equal((await postJson(platform, integration, message, 'wrong')).status, 401);
    const unknown = await postJson(platform, { integrationId: '0123456789abcdef01234567', token: integration.token }, message);
    assert.equal(unknown.status, 401);
    assert.match(unknown.text, /x-integration-token/);
    assert.equal((await postRfc822(platform, integration, rfc822({ messageId: id('x2'), from: 'm@example.com' }), 'wrong')).status, 401);
    assert.equal(await storedCount(), before);
    assert.equal(await contactsCount(platform, `mallory.${run}`), 0);
  });

  const malformed: Array<{ title: string; post: () => Promise<{ status: number; text: string }>; reason: RegExp }> = [
    { title: 'no messageId', post: () => postJson(platform, integration, { from: [sender('nomid')] }), reason: /messageId/ },
    { title: 'no from', post: () => postJson(platform, integration, { messageId: id('nofrom') }), reason: /from/ },
    { title: 'an empty from', post: () => postJson(platform, integration, { messageId: id('nofrom2'), from: [] }), reason: /from must name the sender/ },
    {
      title: 'a sender that is not an address',
      post: () => postJson(platform, integration, { messageId: id('badfrom'), from: [{ address: 'nobody' }] }),
      reason: /is not an e-mail address/,
    },
    {
      title: 'an RFC 822 body without Message-ID',
      post: () => postRfc822(platform, integration, 'From: someone@example.com\r\nSubject: x\r\n\r\nbody'),
      reason: /no Message-ID/,
    },
    {
      title: 'an RFC 822 body without From',
      post: () => postRfc822(platform, integration, `Message-ID: ${id('rawnofrom')}\r\nSubject: x\r\n\r\nbody`),
      reason: /no From address/,
    },
    { title: 'unparsable RFC 822 (empty)', post: () => postRfc822(platform, integration, ''), reason: /empty|Message-ID/ },
    {
      title: 'JSON that does not parse',
      post: async () => {
        const response = await fetch(`${platform.gatewayUrl}/pl:imap/receive`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-integration-token': integration.token },
          body: '{"integrationId":',
        });
        return { status: response.status, text: await response.text() };
      },
      reason: /JSON|integration-token/,
    },
  ];
  for (const testCase of malformed) {
    it(`is 400 with the reason for ${testCase.title}`, async () => {
      const before = await storedCount();
      const response = await testCase.post();
      assert.equal(response.status, 400, response.text);
      assert.match(response.text, testCase.reason);
      assert.equal(await storedCount(), before);
    });
  }
});

describe('the inbox list: the sender from contacts, and search', () => {
  interface Row {
    _id: string;
    content: string;
    customer: { _id: string; primaryEmail: string | null; firstName: string | null } | null;
  }
  async function search(searchValue: string): Promise<Row[]> {
    const response = await platform.graphql<{ conversations: Row[]; conversationsTotalCount: number }>(
      `query ($id: String, $s: String) {
        conversations(integrationId: $id, searchValue: $s, perPage: 200) { _id content customer { _id primaryEmail firstName } }
        conversationsTotalCount(integrationId: $id, searchValue: $s)
      }`,
      { id: integration.integrationId, s: searchValue },
    );
    assert.equal(response.errors, undefined, JSON.stringify(response.errors));
    assert.equal(response.data!.conversationsTotalCount, response.data!.conversations.length);
    return response.data!.conversations;
  }

  it('resolves each conversation\'s customer through the contacts subgraph', async () => {
    const rows = await search('');
    assert.ok(rows.length > 3);
    for (const row of rows) assert.match(row.customer?.primaryEmail ?? '', /@example\.com$/, `the sender of ${row.content}`);
    const dora = rows.filter((row) => row.content === 'known');
    assert.equal(dora[0]?.customer?.firstName, 'Dora');
  });

  it('finds conversations by subject, by the sender\'s name or address, and by a later message\'s text, ignoring case', async () => {
    const quill = { name: 'Quentin Quill', address: `quill.${run}@example.com` };
    await postJson(platform, integration, { messageId: id('q1'), subject: 'Ink refill', body: 'The cartridge is empty', from: [quill] });
    await postJson(platform, integration, { messageId: id('q2'), inReplyTo: id('q1'), subject: 'Re: Ink refill', body: `Order number ZX-${run}`, from: [quill] });
    for (const value of ['ink REFILL', 'quentin quill', `quill.${run}@EXAMPLE.com`, 'cartridge', `zx-${run}`]) {
      assert.deepEqual((await search(value)).map((row) => row.content), ['Re: Ink refill'], `searching "${value}"`);
    }
    assert.deepEqual(await search(`nothing-like-this-${run}`), []);
    assert.deepEqual(await search('.*'), [], 'the search text is matched literally');
  });
});
