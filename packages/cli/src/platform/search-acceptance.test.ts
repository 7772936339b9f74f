import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { logIn } from '@lattice/platform/test-kit';
import { MongoClient } from 'mongodb';
import { runPlatform, type RunningLattice } from './run-platform.js';

const configFile = new URL('../../../../configs.json', import.meta.url).pathname;
const owner = { email: 'owner@lattice.test', password: 'correct horse battery staple' };

interface Hit {
  type: string;
  id: string;
  title: string;
  snippet: string;
  url: string;
}

describe('search under npm start wiring (configs.json enables elasticsearch and essyncer)', { skip: process.env.MONGO_URL ? 'MONGO_URL is set: this test is about the embedded database' : false }, () => {
  let dataDir: string;
  let lattice: RunningLattice;
  let cookie: string;
  let mongo: MongoClient;

  async function graphql(query: string, variables: Record<string, unknown> = {}, as = cookie) {
    const response = await fetch(`${lattice.gatewayUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: as },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, body: (await response.json()) as { data?: Record<string, unknown>; errors?: Array<{ message: string; extensions?: { code?: string } }> } };
  }

  async function search(text: string, as = cookie): Promise<Hit[]> {
    const { body } = await graphql('query ($q: String!) { search(query: $q, perPage: 50) { total hits { type id title snippet url } } }', { q: text }, as);
    assert.equal(body.errors, undefined, JSON.stringify(body.errors));
    return (body.data?.search as { hits: Hit[] }).hits;
  }

  /**
   * Waits until the search for `text` holds (or not) a hit with that id. The 2 s the issue asks for is a pace,
   * which bench/search records on a quiet machine; here a change must arrive, however busy the machine, and the
   * lag it took is printed.
   */
  async function synced(text: string, id: string, present: boolean): Promise<Hit[]> {
    const started = Date.now();
    for (;;) {
      const hits = await search(text);
      if (hits.some((hit) => hit.id === id) === present) {
        lags.push(Date.now() - started);
        return hits;
      }
      if (Date.now() - started > 30_000) assert.fail(`"${text}" ${present ? 'did not find' : 'still found'} ${id} after 30 s: ${JSON.stringify(hits)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const lags: number[] = [];

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'lattice-search-'));
    process.env.LATTICE_OWNER_EMAIL = owner.email;
    process.env.LATTICE_OWNER_PASSWORD = owner.password;
    lattice = await runPlatform({ configFile, dataDir, gatewayPort: 0 });
    cookie = await logIn(`${lattice.gatewayUrl}/graphql`, owner);
    mongo = await MongoClient.connect(lattice.mongoUrl);
  });
  after(async () => {
    const sorted = [...lags].sort((a, b) => a - b);
    console.log(`search sync lag over ${sorted.length} changes: median ${sorted[sorted.length >> 1]} ms, worst ${sorted.at(-1)} ms`);
    await mongo?.close();
    await lattice?.stop();
    delete process.env.LATTICE_OWNER_EMAIL;
    delete process.env.LATTICE_OWNER_PASSWORD;
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves GET / of the search engine with a version', async () => {
    assert.ok(lattice.searchUrl);
    const info = (await (await fetch(`${lattice.searchUrl}/`)).json()) as { version?: { number?: string } };
    assert.match(info.version?.number ?? '', /^\d+\.\d+\.\d+$/);
  });

  it('a document is found by a word of its name once synced, not by its old name once renamed, and not once removed', async () => {
    const added = await graphql('mutation { documentsAdd(name: "Pelican migration report") { _id } }');
    const id = (added.body.data?.documentsAdd as { _id: string })._id;
    const [hit] = await synced('pelican', id, true);
    assert.equal(hit?.type, 'document');
    assert.equal(hit?.title, 'Pelican migration report');
    assert.equal(hit?.url, `/documents/?q=Pelican%20migration%20report&document=${id}`, 'the documents page lists it by its name and opens it');
    assert.match(hit?.snippet ?? '', /<mark>Pelican<\/mark>/);
    await graphql('mutation ($id: String!) { documentsEdit(_id: $id, name: "Flamingo migration report") { _id } }', { id });
    const [renamed] = await synced('flamingo', id, true);
    assert.equal(renamed?.url, `/documents/?q=Flamingo%20migration%20report&document=${id}`, 'the link follows the new name');
    await synced('pelican', id, false);
    await graphql('mutation ($id: String!) { documentsRemove(_id: $id) }', { id });
    await synced('flamingo', id, false);
  });

  it('the same for a customer', async () => {
    const added = await graphql('mutation { customersAdd(primaryEmail: "wendy@example.com", firstName: "Wendy", lastName: "Walrus") { _id } }');
    const id = (added.body.data?.customersAdd as { _id: string })._id;
    const [hit] = await synced('walrus', id, true);
    assert.equal(hit?.type, 'customer');
    assert.equal(hit?.title, 'Wendy Walrus');
    assert.equal(hit?.url, `/contacts/${id}`, "the customer's page");
    await graphql('mutation ($id: String!) { customersEdit(_id: $id, lastName: "Narwhal") { _id } }', { id });
    await synced('narwhal', id, true);
    await synced('walrus', id, false);
    await graphql('mutation ($id: String!) { customersRemove(_id: $id) }', { id });
    await synced('narwhal', id, false);
  });

  it("the same for a conversation's message text", async () => {
    // A conversation as the inbox files one from an integration (the broker path is the integrations' tests' subject).
    const now = new Date();
    const { ObjectId } = await import('mongodb');
    const conversationKey = new ObjectId();
    const conversationId = conversationKey.toHexString();
    await mongo.db('inbox').collection('conversations').insertOne({ _id: conversationKey, integrationId: 'i', customerId: 'c', content: 'hello', status: 'open', createdAt: now, updatedAt: now });
    const added = await graphql('mutation ($c: String!) { conversationNoteAdd(conversationId: $c, content: "The ocelot escaped again") { _id } }', { c: conversationId });
    assert.equal(added.body.errors, undefined, JSON.stringify(added.body.errors));
    const id = (added.body.data?.conversationNoteAdd as { _id: string })._id;
    const hits = await synced('ocelot', id, true);
    assert.equal(hits.find((hit) => hit.id === id)?.url, `/inbox/?conversation=${conversationId}`);
    const messages = mongo.db('inbox').collection('conversation_messages');
    const key = ObjectId.isValid(id) ? new ObjectId(id) : id;
    await messages.updateOne({ _id: key as never }, { $set: { content: 'The lynx escaped again' } });
    await synced('lynx', id, true);
    await synced('ocelot', id, false);
    await messages.deleteOne({ _id: key as never });
    await synced('lynx', id, false);
  });

  it('a member never receives a hit of a type they may not read, in the hits or the total', async () => {
    const added = await graphql('mutation { usersAdd(email: "member@lattice.test", password: "a searching password 123") { _id } }');
    const memberId = (added.body.data?.usersAdd as { _id: string })._id;
    const denied = await graphql('mutation ($id: String!) { usersSetPermissionOverrides(_id: $id, grants: [], denials: ["contacts:showCustomers"]) { _id } }', { id: memberId });
    assert.equal(denied.body.errors, undefined, JSON.stringify(denied.body.errors));
    const customer = await graphql('mutation { customersAdd(primaryEmail: "tapir@example.com", firstName: "Tapir") { _id } }');
    const document = await graphql('mutation { documentsAdd(name: "Tapir enclosure plan") { _id } }');
    const customerId = (customer.body.data?.customersAdd as { _id: string })._id;
    const documentId = (document.body.data?.documentsAdd as { _id: string })._id;
    await synced('tapir', customerId, true);
    await synced('tapir', documentId, true);
    const member = await logIn(`${lattice.gatewayUrl}/graphql`, { email: 'member@lattice.test', password: 'a searching password 123' });
    const { body } = await graphql('{ search(query: "tapir") { total hits { type id } } }', {}, member);
    assert.equal(body.errors, undefined, JSON.stringify(body.errors));
    assert.deepEqual(body.data?.search, { total: 1, hits: [{ type: 'document', id: documentId }] });
    const asked = await graphql('{ search(query: "tapir", types: ["customer"]) { total hits { id } } }', {}, member);
    assert.deepEqual(asked.body.data?.search, { total: 0, hits: [] }, 'asking for the type by name changes nothing');
  });

  it('a long or operator-laden search is a clear error or plain results, never a 500', async () => {
    const long = await graphql('query ($q: String!) { search(query: $q) { total } }', { q: 'x'.repeat(10_000) });
    assert.equal(long.status, 200);
    assert.equal(long.body.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT');
    assert.match(long.body.errors?.[0]?.message ?? '', /too long/);
    const operators = await graphql('query ($q: String!) { search(query: $q) { total hits { id } } }', { q: '"a" AND (b OR c*) NOT d~2 title:x^3 {"$gt": ""} \\ / [x TO y]' });
    assert.equal(operators.status, 200);
    assert.equal(operators.body.errors, undefined, JSON.stringify(operators.body.errors));
    const empty = await graphql('{ search(query: "   ") { total hits { id } } }');
    assert.deepEqual(empty.body.data?.search, { total: 0, hits: [] });
    const paging = await graphql('{ search(query: "a", perPage: 500) { total } }');
    assert.equal(paging.body.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT');
  });
});
