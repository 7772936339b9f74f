import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { activityRecordQueue } from '@lattice/contracts';
import { documentsPlugin } from '@lattice/plugin-documents';
import { connectTestBroker, createGraphQLClient, logIn, startTestPlatform, waitFor, type GraphQLClient, type TestPlatform } from '@lattice/platform/test-kit';
import mongoose from 'mongoose';
import { logsPlugin } from './plugin.js';

interface Entry {
  _id: string;
  createdAt: string;
  createdBy: string | null;
  plugin: string;
  action: string;
  contentType: string | null;
  contentId: string | null;
  changes: Record<string, { before: unknown; after: unknown }>;
}
const entryFields = '_id createdAt createdBy plugin action contentType contentId changes';

let platform: TestPlatform;
let stopBroker: () => Promise<void>;
const run = randomBytes(3).toString('hex');

async function addUser(name: string, role: 'member' | 'admin', password: string): Promise<{ id: string; client: GraphQLClient; email: string }> {
  const email = `${name}-${run}@lattice.test`;
  const added = await platform.graphql<{ usersAdd: { _id: string } }>('mutation ($email: String!, $password: String!, $role: UserRole!) { usersAdd(email: $email, password: $password, role: $role) { _id } }', {
    email,
    password,
    role,
  });
  assert.equal(added.errors, undefined, JSON.stringify(added.errors));
  const url = `${platform.gatewayUrl}/graphql`;
  return { id: added.data!.usersAdd._id, email, client: createGraphQLClient(url, { cookie: await logIn(url, { email, password }) }) };
}

/** The history of one record, as the owner reads it, once it holds `count` entries (entries arrive over the broker: bounded wait). */
async function historyOf(contentType: string, contentId: string, count: number, client: GraphQLClient = platform.graphql): Promise<Entry[]> {
  const entries = await waitFor(
    async () => {
      const answer = await client<{ activityLogs: Entry[] }>(`query ($type: String!, $id: String!) { activityLogs(contentType: $type, contentId: $id) { ${entryFields} } }`, {
        type: contentType,
        id: contentId,
      });
      assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
      return answer.data!.activityLogs;
    },
    (list) => list.length >= count,
    { timeoutMs: 10_000, intervalMs: 100 },
  );
  assert.ok(entries.length >= count, `${contentType} ${contentId} has ${entries.length} entries, not ${count}, after 10 s`);
  return entries;
}

before(async () => {
  const { broker } = await connectTestBroker('logs-api-test');
  stopBroker = () => broker.close();
  platform = await startTestPlatform({ plugins: [documentsPlugin, logsPlugin], broker });
});
after(async () => {
  await platform?.stop();
  await stopBroker?.();
});

describe('the activity log', () => {
  it("records a document's rename once, with the user who made it and the old and new name", async () => {
    const admin = await addUser('editor', 'admin', 'admin-password-1');
    const added = await admin.client<{ documentsAdd: { _id: string } }>('mutation { documentsAdd(name: "Lease") { _id } }');
    assert.equal(added.errors, undefined, JSON.stringify(added.errors));
    const id = added.data!.documentsAdd._id;
    const edited = await admin.client('mutation ($id: String!) { documentsEdit(_id: $id, name: "Lease 2027") { _id } }', { id });
    assert.equal(edited.errors, undefined, JSON.stringify(edited.errors));

    const [rename, creation, ...more] = await historyOf('documents:document', id, 2);
    assert.deepEqual(more, [], 'one entry per change');
    assert.equal(creation!.action, 'documentsAdd');
    assert.deepEqual(creation!.changes.name, { before: null, after: 'Lease' });
    assert.equal(rename!.action, 'documentsEdit');
    assert.equal(rename!.createdBy, admin.id);
    assert.equal(rename!.plugin, 'documents');
    assert.equal(rename!.contentId, id);
    assert.deepEqual(rename!.changes, { name: { before: 'Lease', after: 'Lease 2027' } });
    // A broker round trip later, still only these two: nothing wrote a second entry for the rename.
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal((await historyOf('documents:document', id, 2)).length, 2);
  });

  it('records a password change without the password or its hash', async () => {
    const member = await addUser('changer', 'member', 'member-password-1');
    const newPassword = `changed-${run}-password`;
    const changed = await member.client('mutation ($old: String!, $new: String!) { usersChangePassword(currentPassword: $old, newPassword: $new) { _id } }', {
      old: 'member-password-1',
      new: newPassword,
    });
    assert.equal(changed.errors, undefined, JSON.stringify(changed.errors));
    // The user's history: their creation, then the change (entries arrive in batches: wait for both).
    const entries = await historyOf('core:user', member.id, 2);
    const change = entries.find((entry) => entry.action === 'usersChangePassword');
    assert.ok(change, JSON.stringify(entries));
    assert.equal(change.createdBy, member.id);
    assert.deepEqual(change.changes.passwordHash, { before: '[secret]', after: '[secret]' });

    const connection = await mongoose.createConnection(platform.mongoUrl).asPromise();
    try {
      const stored = await connection.useDb(platform.dbNames.core!).collection('users').findOne({ email: member.email });
      const everything = JSON.stringify(entries);
      assert.ok(!everything.includes(newPassword), 'the password is not in the log');
      assert.ok(!everything.includes(String(stored?.passwordHash)), 'nor its hash');
    } finally {
      await connection.close();
    }
  });

  it('lets a member read the history of what they may read, and only owners and admins search the whole log', async () => {
    const member = await addUser('reader', 'member', 'member-password-1');
    const added = await platform.graphql<{ documentsAdd: { _id: string } }>('mutation { documentsAdd(name: "Visible") { _id } }');
    const id = added.data!.documentsAdd._id;
    assert.equal((await historyOf('documents:document', id, 1, member.client)).length, 1);

    const refused = await member.client('{ activityLogSearch { totalCount } }');
    assert.equal(refused.errors?.[0]?.extensions?.code, 'FORBIDDEN', JSON.stringify(refused));
    const search = await platform.graphql<{ activityLogSearch: { totalCount: number; list: Entry[] } }>(
      `query ($plugin: String) { activityLogSearch(plugin: $plugin, action: "documentsAdd", perPage: 1) { totalCount list { ${entryFields} } } }`,
      { plugin: 'documents' },
    );
    assert.equal(search.errors, undefined, JSON.stringify(search.errors));
    assert.ok(search.data!.activityLogSearch.totalCount >= 2);
    assert.equal(search.data!.activityLogSearch.list.length, 1);
    assert.equal(search.data!.activityLogSearch.list[0]!.action, 'documentsAdd');
  });

  it('offers no way to change or remove an entry: no mutation, and a message naming an existing _id adds a new entry', async () => {
    const { typeDefs } = logsPlugin.graphql({} as never);
    assert.doesNotMatch(String(typeDefs), /type Mutation|type Subscription/);
    const answer = await platform.graphql('mutation { activityLogsRemove(_id: "x") }');
    assert.equal(answer.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT');

    const added = await platform.graphql<{ documentsAdd: { _id: string } }>('mutation { documentsAdd(name: "Kept") { _id } }');
    const id = added.data!.documentsAdd._id;
    const [original] = await historyOf('documents:document', id, 1);
    await platform.broker.sendMessage(activityRecordQueue.name, {
      entries: [{ ...original, _id: original!._id, createdBy: 'forger', changes: { name: { before: null, after: 'Forged' } }, readPermission: null }],
    });
    const after = await historyOf('documents:document', id, 2);
    const kept = after.find((entry) => entry._id === original!._id);
    assert.deepEqual(kept, original, 'the entry with that _id is as it was');
  });

  it('keeps entries for 365 days by default: a TTL index on createdAt', async () => {
    const connection = await mongoose.createConnection(platform.mongoUrl).asPromise();
    try {
      const indexes = await connection.useDb(platform.dbNames.logs!).collection('activity_logs').indexes();
      const ttl = indexes.find((index) => index.expireAfterSeconds !== undefined);
      assert.deepEqual({ key: ttl?.key, expireAfterSeconds: ttl?.expireAfterSeconds }, { key: { createdAt: 1 }, expireAfterSeconds: 365 * 24 * 60 * 60 });
    } finally {
      await connection.close();
    }
  });
});
