import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dashboardLoadPayloadSchema, type DashboardLoadPayload, type DashboardLoadReply } from '@lattice/contracts';
import { defineDashboardDataset } from '@lattice/plugin-sdk';
import mongoose, { Types, type Connection } from 'mongoose';
import { startTestDatabase, type TestDatabase } from '../test-kit/test-database.js';
import { runDatasetQuery } from './run-dataset-query.js';

const notes = defineDashboardDataset({
  name: 'Notes',
  title: 'Notes',
  collection: 'notes',
  permission: 'notes:showNotes',
  measures: {
    count: { type: 'count', title: 'Notes' },
    doneCount: { type: 'count', title: 'Done', where: { done: true } },
    pages: { type: 'sum', title: 'Pages', field: 'pages' },
    averagePages: { type: 'avg', title: 'Pages on average', field: 'pages' },
    fewestPages: { type: 'min', title: 'Fewest pages', field: 'pages' },
    mostPages: { type: 'max', title: 'Most pages', field: 'pages' },
    authors: { type: 'countDistinct', title: 'Authors', field: 'author' },
    hoursToAnswer: { type: 'avg', title: 'Hours to answer', duration: { from: 'createdAt', to: 'answeredAt', unit: 'hour' } },
  },
  dimensions: {
    kindName: { type: 'string', title: 'Kind', field: 'kindId', related: { collection: 'kinds', show: 'name' } },
    author: { type: 'string', title: 'Author', field: 'author' },
    pageCount: { type: 'number', title: 'Page count', field: 'pages' },
    createdAt: { type: 'time', title: 'Created', field: 'createdAt' },
  },
});

let database: TestDatabase;
let db: Connection;
const letterKind = new Types.ObjectId();
const memoKind = new Types.ObjectId();

before(async () => {
  database = await startTestDatabase();
  db = await mongoose.createConnection(database.url, { dbName: `dashboard-query-${process.pid}` }).asPromise();
  await db.collection('kinds').insertMany([
    { _id: letterKind, name: 'Letter' },
    { _id: memoKind, name: 'Memo' },
  ]);
  const at = (text: string) => new Date(text);
  await db.collection('notes').insertMany([
    { kindId: String(letterKind), author: 'ann', pages: 2, done: true, createdAt: at('2026-01-05T10:00:00Z'), answeredAt: at('2026-01-05T12:00:00Z') },
    { kindId: String(letterKind), author: 'bob', pages: 4, createdAt: at('2026-01-06T09:00:00Z'), answeredAt: at('2026-01-06T13:00:00Z') },
    { kindId: String(letterKind), author: 'ann', pages: 6, done: true, createdAt: at('2026-02-01T00:00:00Z') },
    { kindId: String(memoKind), author: 'cy', pages: 1, createdAt: at('2026-02-15T08:00:00Z') },
    { author: 'ann', pages: 3, createdAt: at('2026-03-31T23:59:00Z') },
  ]);
});
after(async () => {
  await db?.dropDatabase();
  await db?.close();
  await database?.stop();
});

async function load(query: Omit<DashboardLoadPayload, 'dataset'>): Promise<DashboardLoadReply> {
  return runDatasetQuery(db, notes, dashboardLoadPayloadSchema.parse({ dataset: 'Notes', ...query }));
}

async function rows(query: Omit<DashboardLoadPayload, 'dataset'>) {
  const reply = await load(query);
  assert.equal(reply.outcome, 'rows', JSON.stringify(reply));
  return reply.outcome === 'rows' ? reply.rows : [];
}

describe('runDatasetQuery', () => {
  it('counts by a related name, read from the related collection (no kind is null), largest first, ties by the stored id', async () => {
    assert.deepEqual(await rows({ measures: ['Notes.count'], dimensions: ['Notes.kindName'] }), [
      { 'Notes.kindName': 'Letter', 'Notes.count': 3 },
      { 'Notes.kindName': null, 'Notes.count': 1 },
      { 'Notes.kindName': 'Memo', 'Notes.count': 1 },
    ]);
  });

  it('computes every measure type over one group', async () => {
    assert.deepEqual(
      await rows({
        measures: ['Notes.count', 'Notes.doneCount', 'Notes.pages', 'Notes.averagePages', 'Notes.fewestPages', 'Notes.mostPages', 'Notes.authors', 'Notes.hoursToAnswer'],
      }),
      [
        {
          'Notes.count': 5,
          'Notes.doneCount': 2,
          'Notes.pages': 16,
          'Notes.averagePages': 3.2,
          'Notes.fewestPages': 1,
          'Notes.mostPages': 6,
          'Notes.authors': 3,
          'Notes.hoursToAnswer': 3,
        },
      ],
    );
  });

  it('groups a time dimension by month and by Monday weeks in a date range, answering Cube time under both member names', async () => {
    assert.deepEqual(await rows({ measures: ['Notes.count'], timeDimensions: [{ dimension: 'Notes.createdAt', granularity: 'month' }] }), [
      { 'Notes.createdAt.month': '2026-01-01T00:00:00.000', 'Notes.createdAt': '2026-01-01T00:00:00.000', 'Notes.count': 2 },
      { 'Notes.createdAt.month': '2026-02-01T00:00:00.000', 'Notes.createdAt': '2026-02-01T00:00:00.000', 'Notes.count': 2 },
      { 'Notes.createdAt.month': '2026-03-01T00:00:00.000', 'Notes.createdAt': '2026-03-01T00:00:00.000', 'Notes.count': 1 },
    ]);
    // 2026-01-05 is a Monday; a range given in days takes the whole of its last day.
    assert.deepEqual(
      await rows({ measures: ['Notes.count'], timeDimensions: [{ dimension: 'Notes.createdAt', granularity: 'week', dateRange: ['2026-01-01', '2026-02-01'] }] }),
      [
        { 'Notes.createdAt.week': '2026-01-05T00:00:00.000', 'Notes.createdAt': '2026-01-05T00:00:00.000', 'Notes.count': 2 },
        { 'Notes.createdAt.week': '2026-01-26T00:00:00.000', 'Notes.createdAt': '2026-01-26T00:00:00.000', 'Notes.count': 1 },
      ],
    );
  });

  it('applies filters on fields, on related names and on measures, then order and limit', async () => {
    assert.deepEqual(
      await rows({ measures: ['Notes.count'], dimensions: ['Notes.author'], filters: [{ member: 'Notes.kindName', operator: 'equals', values: ['Letter'] }], order: [['Notes.author', 'asc']] }),
      [
        { 'Notes.author': 'ann', 'Notes.count': 2 },
        { 'Notes.author': 'bob', 'Notes.count': 1 },
      ],
    );
    assert.deepEqual(
      await rows({ measures: ['Notes.pages'], dimensions: ['Notes.author'], filters: [{ member: 'Notes.pageCount', operator: 'gte', values: ['2'] }, { member: 'Notes.pages', operator: 'gt', values: ['5'] }] }),
      [{ 'Notes.author': 'ann', 'Notes.pages': 11 }],
    );
    assert.deepEqual(await rows({ measures: ['Notes.count'], dimensions: ['Notes.author'], limit: 1 }), [{ 'Notes.author': 'ann', 'Notes.count': 3 }]);
  });

  it('refuses unknown members, members of another dataset and values of the wrong type, naming them', async () => {
    assert.deepEqual(await load({ measures: ['Notes.weight'] }), { outcome: 'refused', code: 'BAD_USER_INPUT', message: 'Dataset "Notes" has no member "weight"' });
    const message = async (query: Omit<DashboardLoadPayload, 'dataset'>) => {
      const reply = await load(query);
      assert.equal(reply.outcome === 'refused' && reply.code, 'BAD_USER_INPUT');
      return reply.outcome === 'refused' ? reply.message : '';
    };
    assert.match(await message({ measures: ['Other.count'] }), /"Other.count" is not a member of dataset "Notes"/);
    assert.match(await message({ measures: ['Notes.count'], filters: [{ member: 'Notes.pageCount', operator: 'gt', values: ['many'] }] }), /needs numbers, got "many"/);
    assert.match(await message({ measures: ['Notes.author'] }), /"Notes.author" is a dimension/);
  });

  it('orders by a related name by the names, not the stored ids, then keeps the limit', async () => {
    // A kind made last has the largest id but sorts first by name.
    const aardvark = new Types.ObjectId();
    await db.collection('kinds').insertOne({ _id: aardvark, name: 'Aardvark' });
    await db.collection('notes').insertOne({ kindId: String(aardvark), author: 'dee', pages: 1, createdAt: new Date('2026-03-20T00:00:00Z') });
    try {
      const named = (order: 'asc' | 'desc', limit?: number) =>
        rows({ measures: ['Notes.count'], dimensions: ['Notes.kindName'], order: [['Notes.kindName', order]], ...(limit ? { limit } : {}) });
      assert.deepEqual((await named('asc')).map((row) => row['Notes.kindName']), [null, 'Aardvark', 'Letter', 'Memo']);
      assert.deepEqual((await named('desc', 2)).map((row) => [row['Notes.kindName'], row['Notes.count']]), [['Memo', 1], ['Letter', 3]]);
    } finally {
      await db.collection('notes').deleteOne({ kindId: String(aardvark) });
      await db.collection('kinds').deleteOne({ _id: aardvark });
    }
  });

  it('refuses a query that would read more records than the budget, saying how many', async () => {
    const reply = await runDatasetQuery(db, notes, dashboardLoadPayloadSchema.parse({ dataset: 'Notes', measures: ['Notes.count'] }), { maxScannedRecords: 4, maxTimeMs: 5_000 });
    assert.deepEqual(reply, {
      outcome: 'refused',
      code: 'QUERY_TOO_COMPLEX',
      message: 'The query over "Notes" would read 5 records, over the budget of 4; narrow it with a date range or filters',
    });
    // Filters that leave few enough records pass.
    const narrowed = await runDatasetQuery(
      db,
      notes,
      dashboardLoadPayloadSchema.parse({ dataset: 'Notes', measures: ['Notes.count'], timeDimensions: [{ dimension: 'Notes.createdAt', dateRange: ['2026-02-01', '2026-03-31'] }] }),
      { maxScannedRecords: 4, maxTimeMs: 5_000 },
    );
    assert.deepEqual(narrowed, { outcome: 'rows', rows: [{ 'Notes.count': 3 }], scanned: 3 });
  });
});
