import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import cube from '@cubejs-client/core';
import { createLogger } from '@lattice/platform';
import { logIn, startTestPlatform, type TestPlatform } from '@lattice/platform/test-kit';
import { documentsPlugin } from '@lattice/plugin-documents';
import { inboxPlugin } from '@lattice/plugin-inbox';
import { PubSub } from 'graphql-subscriptions';
import mongoose, { Types, type Connection } from 'mongoose';
import { startDashboardApi, type RunningDashboardApi } from './start-dashboard-api.js';
import { reportsPlugin } from './test-support/reports-plugin.js';

let platform: TestPlatform;
let api: RunningDashboardApi;
let member: { cookie: string };
const connections: Connection[] = [];

/** The test platform names each plugin's database `test-<run>-<plugin>`; the dashboard API never opens them, the test does to count. */
async function pluginDatabase(plugin: string): Promise<Connection> {
  const admin = await mongoose.createConnection(platform.mongoUrl).asPromise();
  const { databases } = await admin.db!.admin().listDatabases();
  await admin.close();
  const name = databases.map((database) => database.name).find((database) => database.startsWith('test-') && database.endsWith(`-${plugin}`));
  assert.ok(name, `no database of ${plugin}`);
  const db = await mongoose.createConnection(platform.mongoUrl, { dbName: name }).asPromise();
  connections.push(db);
  return db;
}

before(async () => {
  platform = await startTestPlatform({ plugins: [documentsPlugin, inboxPlugin, reportsPlugin] });
  api = await startDashboardApi({
    port: 0,
    broker: platform.broker,
    pubsub: new PubSub(),
    authTokenSecret: platform.authTokenSecret,
    plugins: ['documents', 'inbox', 'reports'],
    mongoUrl: platform.mongoUrl,
    dbName: `dashboard-test-${randomBytes(4).toString('hex')}`,
    logger: createLogger('dashboard-api-test', process.env.LOG_LEVEL ?? 'silent'),
    cacheMs: 0,
  });
  const email = `member-${randomBytes(4).toString('hex')}@lattice.test`;
  const password = randomBytes(12).toString('base64url');
  const added = await platform.graphql('mutation ($email: String!, $password: String!) { usersAdd(email: $email, password: $password, role: member) { _id } }', { email, password });
  assert.equal(added.errors, undefined, JSON.stringify(added.errors));
  member = { cookie: await logIn(`${platform.gatewayUrl}/graphql`, { email, password }) };
});
after(async () => {
  for (const connection of connections) await connection.close();
  await api?.stop();
  await platform?.stop();
});

const ownerToken = () => platform.authCookie.slice('auth-token='.length);
/** `@cubejs-client/core` unchanged, pointed at the dashboard API with the login token (Cube sends it as `Authorization`). */
const cubeClient = (token: string) => cube(token, { apiUrl: `${api.url}/v1` });

async function addDocuments(typeName: string, count: number): Promise<void> {
  const type = await platform.graphql<{ documentTypesAdd: { _id: string } }>('mutation ($name: String) { documentTypesAdd(name: $name) { _id } }', { name: typeName });
  for (let index = 0; index < count; index += 1) {
    const added = await platform.graphql('mutation ($name: String, $typeId: String) { documentsAdd(name: $name, typeId: $typeId) { _id } }', { name: `${typeName} ${index}`, typeId: type.data!.documentTypesAdd._id });
    assert.equal(added.errors, undefined, JSON.stringify(added.errors));
  }
}

describe('dashboard API (Cube REST format)', () => {
  it('answers 401 without a login, on meta, load and dashboards', async () => {
    for (const path of ['/v1/meta', '/v1/load?query={"measures":["Documents.count"]}', '/v1/dashboards']) {
      const response = await fetch(`${api.url}${path}`);
      assert.equal(response.status, 401, path);
      assert.deepEqual(await response.json(), { error: 'You must be logged in', code: 'UNAUTHENTICATED' });
    }
    const forged = await fetch(`${api.url}/v1/meta`, { headers: { authorization: 'Bearer a.b.c' } });
    assert.equal(forged.status, 401);
  });

  it('/v1/meta lists the datasets the caller may read and no others', async () => {
    const ownerMeta = await cubeClient(ownerToken()).meta();
    assert.deepEqual(ownerMeta.cubes.map((entry) => entry.name).sort(), ['Conversations', 'Documents', 'Reports']);
    const documents = ownerMeta.cubes.find((entry) => entry.name === 'Documents')!;
    assert.ok(documents.measures.some((measure) => measure.name === 'Documents.count' && measure.type === 'number'));
    assert.ok(documents.dimensions.some((dimension) => dimension.name === 'Documents.createdAt' && dimension.type === 'time'));
    // The same session through the cookie, as the browser sends it through /dashboard/api/.
    const memberMeta = await fetch(`${api.url}/v1/meta`, { headers: { cookie: member.cookie } });
    assert.equal(memberMeta.status, 200);
    const { cubes } = (await memberMeta.json()) as { cubes: Array<{ name: string }> };
    assert.deepEqual(cubes.map((entry) => entry.name).sort(), ['Conversations', 'Documents']);
  });

  it('/v1/load of documents by type equals the counts in the database, through @cubejs-client/core', async () => {
    await addDocuments('Invoice', 3);
    await addDocuments('Contract', 2);
    await platform.graphql('mutation { documentsAdd(name: "Loose") { _id } }');
    const resultSet = await cubeClient(ownerToken()).load({ measures: ['Documents.count'], dimensions: ['Documents.typeName'] });
    const answered = Object.fromEntries(resultSet.tablePivot().map((row) => [String(row['Documents.typeName']), Number(row['Documents.count'])]));
    const db = await pluginDatabase('documents');
    const types = await db.collection('document_types').find().toArray();
    const counted: Record<string, number> = { null: await db.collection('documents').countDocuments({ typeId: { $exists: false } }) };
    for (const type of types) counted[String(type.name)] = await db.collection('documents').countDocuments({ typeId: String(type._id) });
    assert.deepEqual(answered, counted);
    assert.deepEqual(answered, { Invoice: 3, Contract: 2, null: 1 });
  });

  it('conversations per day over a date range equal a count made by hand', async () => {
    const db = await pluginDatabase('inbox');
    const at = (text: string) => new Date(text);
    const opened = ['2026-03-01T08:00:00Z', '2026-03-01T23:59:00Z', '2026-03-02T00:00:00Z', '2026-03-04T12:00:00Z', '2026-03-04T13:00:00Z', '2026-03-04T14:00:00Z', '2026-02-28T23:00:00Z', '2026-03-08T00:00:01Z'];
    await db.collection('conversations').insertMany(
      opened.map((createdAt, index) => ({ integrationId: 'i1', customerId: `c${index}`, content: 'hi', status: index % 2 ? 'closed' : 'open', createdAt: at(createdAt), updatedAt: at(createdAt) })),
    );
    const resultSet = await cubeClient(ownerToken()).load({
      measures: ['Conversations.count'],
      timeDimensions: [{ dimension: 'Conversations.createdAt', granularity: 'day', dateRange: ['2026-03-01', '2026-03-07'] }],
    });
    // By hand: 1 March twice, 2 March once, 4 March three times; 28 February and 8 March are outside the range.
    const byDay = resultSet.chartPivot().map((point) => [point.x.slice(0, 10), point['Conversations.count']]);
    assert.deepEqual(byDay, [
      ['2026-03-01', 2],
      ['2026-03-02', 1],
      ['2026-03-03', 0],
      ['2026-03-04', 3],
      ['2026-03-05', 0],
      ['2026-03-06', 0],
      ['2026-03-07', 0],
    ]);
  });

  it('inbox per integration: opened, open and closed, messages in and out, first response, as counted by hand', async () => {
    const db = await pluginDatabase('inbox');
    const [mail, chat] = [new Types.ObjectId(), new Types.ObjectId()];
    await db.collection('integrations').insertMany([
      { _id: mail, name: 'Support mail', kind: 'imap' },
      { _id: chat, name: 'Sales chat', kind: 'messenger' },
    ]);
    const at = (time: string) => new Date(`2026-04-02T${time}:00Z`);
    const conversation = (integration: Types.ObjectId, status: string, messagesIn: number, messagesOut: number, opened: string, answered?: string) => ({
      integrationId: String(integration),
      customerId: 'c',
      content: 'hi',
      status,
      messagesIn,
      messagesOut,
      createdAt: at(opened),
      updatedAt: at(opened),
      ...(answered ? { firstRespondedAt: at(answered) } : {}),
    });
    await db.collection('conversations').insertMany([
      conversation(mail, 'open', 3, 1, '10:00', '10:30'),
      conversation(mail, 'closed', 1, 2, '11:00', '11:10'),
      conversation(mail, 'open', 2, 0, '12:00'),
      conversation(chat, 'closed', 5, 5, '09:00', '10:00'),
    ]);
    const measures = ['count', 'openCount', 'closedCount', 'messagesIn', 'messagesOut', 'firstResponseMinutes'].map((name) => `Conversations.${name}`);
    const resultSet = await cubeClient(ownerToken()).load({
      measures,
      dimensions: ['Conversations.integrationName'],
      filters: [{ member: 'Conversations.integrationName', operator: 'equals', values: ['Support mail', 'Sales chat'] }],
      order: [['Conversations.integrationName', 'asc']],
    });
    // By hand: the mail has three (two open), 3+1+2 in, 1+2+0 out, answered after 30 and 10 minutes (one not yet); the chat one, answered after an hour.
    assert.deepEqual(
      resultSet.tablePivot().map((row) => [row['Conversations.integrationName'], ...measures.map((member) => Number(row[member]))]),
      [
        ['Sales chat', 1, 0, 1, 5, 5, 60],
        ['Support mail', 3, 2, 1, 6, 3, 20],
      ],
    );
  });

  it('keeps an answer for the cache time, shared by callers allowed to read it, and still refuses those who are not', async () => {
    const cachedApi = await startDashboardApi({
      port: 0,
      broker: platform.broker,
      pubsub: new PubSub(),
      authTokenSecret: platform.authTokenSecret,
      plugins: ['documents', 'inbox', 'reports'],
      mongoUrl: platform.mongoUrl,
      dbName: `dashboard-cache-test-${randomBytes(4).toString('hex')}`,
      logger: createLogger('dashboard-api-test', process.env.LOG_LEVEL ?? 'silent'),
      cacheMs: 60_000,
    });
    try {
      const ask = async (cookie: string, query: object) => {
        const response = await fetch(`${cachedApi.url}/v1/load?query=${encodeURIComponent(JSON.stringify(query))}`, { headers: { cookie } });
        const body = (await response.json()) as { data?: Array<Record<string, unknown>> };
        return { status: response.status, cache: response.headers.get('x-lattice-cache'), data: body.data };
      };
      const count = { measures: ['Documents.count'] };
      const first = await ask(platform.authCookie, count);
      assert.equal(first.cache, 'miss');
      await platform.graphql('mutation { documentsAdd(name: "After the first answer") { _id } }');
      // Within the cache time the member gets the owner's answer, without the document added since.
      const again = await ask(member.cookie, count);
      assert.deepEqual([again.status, again.cache, again.data], [200, 'hit', first.data]);
      const uncached = await fetch(`${api.url}/v1/load?query=${encodeURIComponent(JSON.stringify(count))}`, { headers: { cookie: platform.authCookie } });
      const fresh = ((await uncached.json()) as { data: Array<Record<string, unknown>> }).data;
      assert.equal(Number(fresh[0]!['Documents.count']), Number(first.data![0]!['Documents.count']) + 1);
      // A cached answer is never handed to a caller without the dataset's permission.
      assert.equal((await ask(platform.authCookie, { measures: ['Reports.count'] })).status, 200);
      assert.deepEqual([(await ask(member.cookie, { measures: ['Reports.count'] })).status], [403]);
    } finally {
      await cachedApi.stop();
    }
  });

  it('a member without the permission gets 403 naming the dataset; bad queries get 400 naming what is wrong', async () => {
    const response = await fetch(`${api.url}/v1/load?query=${encodeURIComponent(JSON.stringify({ measures: ['Reports.count'] }))}`, { headers: { cookie: member.cookie } });
    assert.equal(response.status, 403);
    assert.deepEqual(await response.json(), {
      error: 'Reading dataset "Reports" needs the "reports:showReports" permission, which you do not have',
      code: 'FORBIDDEN',
    });
    await assert.rejects(cubeClient(ownerToken()).load({ measures: ['Documents.weight'] }), /Dataset "Documents" has no member "weight"/);
    await assert.rejects(cubeClient(ownerToken()).load({ measures: ['Documents.count', 'Conversations.count'] }), /One query reads one dataset/);
  });

  it('keeps a dashboard per user, shared read-only with roles, and a default one for everyone', async () => {
    const ownerHeaders = { cookie: platform.authCookie, 'content-type': 'application/json' };
    const list = async (cookie: string) =>
      ((await (await fetch(`${api.url}/v1/dashboards`, { headers: { cookie } })).json()) as { dashboards: Array<{ _id: string; title: string; editable: boolean; isDefault: boolean }> }).dashboards;
    assert.deepEqual((await list(member.cookie)).map((dashboard) => [dashboard.title, dashboard.isDefault, dashboard.editable]), [['Overview', true, false]]);
    const tile = { id: 't1', title: 'By type', chart: 'bar', query: { measures: ['Documents.count'], dimensions: ['Documents.typeName'] }, layout: { x: 0, y: 0, w: 6, h: 4 } };
    const created = await fetch(`${api.url}/v1/dashboards`, { method: 'POST', headers: ownerHeaders, body: JSON.stringify({ title: 'Mine', tiles: [tile] }) });
    assert.equal(created.status, 201);
    const { _id } = (await created.json()) as { _id: string };
    assert.deepEqual((await list(member.cookie)).map((dashboard) => dashboard.title), ['Overview']);
    await fetch(`${api.url}/v1/dashboards/${_id}`, { method: 'PUT', headers: ownerHeaders, body: JSON.stringify({ title: 'Shared', tiles: [tile], sharedWithRoles: ['member'] }) });
    assert.deepEqual((await list(member.cookie)).map((dashboard) => [dashboard.title, dashboard.editable]), [['Overview', false], ['Shared', false]]);
    const memberEdit = await fetch(`${api.url}/v1/dashboards/${_id}`, { method: 'PUT', headers: { cookie: member.cookie, 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Taken', tiles: [] }) });
    assert.equal(memberEdit.status, 403);
    const bad = await fetch(`${api.url}/v1/dashboards`, { method: 'POST', headers: ownerHeaders, body: JSON.stringify({ title: 'Bad', tiles: [{ ...tile, chart: 'radar' }] }) });
    assert.equal(bad.status, 400);
    assert.match(((await bad.json()) as { error: string }).error, /"tiles.0.chart"/);
  });
});
