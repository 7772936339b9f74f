import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Collection, type Db, type Document, MongoClient } from 'mongodb';
import mongoose, { type Connection, Schema } from 'mongoose';
import { type EmbeddedMongo, startEmbeddedMongo } from '../server/embedded-server.js';
import type { NumberedDoc } from '../test-support/driver-fixture.js';

/** The stages of a plan from the top down, by name. */
function stageNames(plan: Document): string[] {
  const names: string[] = [];
  for (let stage: Document | undefined = plan; stage; stage = stage.inputStage as Document | undefined) names.push(stage.stage as string);
  return names;
}

function indexScan(plan: Document): Document {
  let stage = plan;
  while (stage.stage !== 'IXSCAN') stage = stage.inputStage as Document;
  return stage;
}

describe('explain: the plan the query runs, and what it examined', () => {
  let server: EmbeddedMongo;
  let client: MongoClient;
  let db: Db;
  let items: Collection<NumberedDoc>;

  before(async () => {
    server = await startEmbeddedMongo({ log: () => undefined });
    client = await MongoClient.connect(server.uri);
    db = client.db('explain');
    items = db.collection<NumberedDoc>('items');
    // 200 documents: k takes 10 values (20 documents each), n is unique and unindexed, t is indexed and unique.
    await items.insertMany(Array.from({ length: 200 }, (_, i) => ({ _id: i, k: i % 10, n: i, t: `t${String(i).padStart(3, '0')}` })));
    await items.createIndex({ k: 1 });
    await items.createIndex({ t: 1 }, { name: 'by_t', unique: true });
  });
  after(async () => {
    await client.close();
    await server.stop();
  });

  it('an equality on an indexed field: FETCH over IXSCAN of that index, keys and documents examined as many as match', async () => {
    const reply = await items.find({ k: 3 }).explain('executionStats');
    const plan = reply.queryPlanner.winningPlan;
    assert.equal(reply.queryPlanner.namespace, 'explain.items');
    assert.deepEqual(reply.queryPlanner.parsedQuery, { k: 3 });
    assert.deepEqual(stageNames(plan), ['FETCH', 'IXSCAN']);
    assert.equal(indexScan(plan).indexName, 'k_1');
    assert.deepEqual(indexScan(plan).keyPattern, { k: 1 });
    assert.equal(indexScan(plan).direction, 'forward');
    assert.deepEqual(indexScan(plan).indexBounds, { k: ['[3, 3]'] });
    assert.deepEqual(reply.queryPlanner.rejectedPlans, []);
    assert.equal(reply.executionStats.executionSuccess, true);
    assert.equal(reply.executionStats.nReturned, 20);
    assert.equal(reply.executionStats.totalKeysExamined, 20);
    assert.equal(reply.executionStats.totalDocsExamined, 20);
    assert.equal(typeof reply.executionStats.executionTimeMillis, 'number');
  });

  it('a filter no index serves: COLLSCAN reading every document, no keys', async () => {
    const reply = await items.find({ n: { $gte: 150 } }).explain('executionStats');
    assert.deepEqual(stageNames(reply.queryPlanner.winningPlan), ['COLLSCAN']);
    assert.deepEqual(reply.queryPlanner.winningPlan.filter, { n: { $gte: 150 } });
    assert.equal(reply.executionStats.nReturned, 50);
    assert.equal(reply.executionStats.totalDocsExamined, 200);
    assert.equal(reply.executionStats.totalKeysExamined, 0);
  });

  it('a range on an indexed field scans that index; _id equality is IDHACK; an _id range scans _id_', async () => {
    const range = await items.find({ t: { $gte: 't190' } }).explain('executionStats');
    assert.equal(indexScan(range.queryPlanner.winningPlan).indexName, 'by_t');
    assert.equal(indexScan(range.queryPlanner.winningPlan).isUnique, true);
    assert.deepEqual(indexScan(range.queryPlanner.winningPlan).indexBounds, { t: ['["t190", {})'] });
    assert.equal(range.executionStats.nReturned, 10);
    assert.equal(range.executionStats.totalKeysExamined, 10);
    const byId = await items.find({ _id: 7 }).explain('executionStats');
    assert.deepEqual(stageNames(byId.queryPlanner.winningPlan), ['IDHACK']);
    assert.equal(byId.executionStats.totalDocsExamined, 1);
    const idRange = await items.find({ _id: { $lt: 5 } }).explain('executionStats');
    assert.equal(indexScan(idRange.queryPlanner.winningPlan).indexName, '_id_');
    assert.deepEqual(indexScan(idRange.queryPlanner.winningPlan).indexBounds, { _id: ['[-inf.0, 5)'] });
    assert.equal(idRange.executionStats.totalDocsExamined, 5);
  });

  it('a sort an index gives walks it and stops at the limit; a sort no index gives is a SORT over a COLLSCAN', async () => {
    const walked = await items.find({}).sort({ t: -1 }).limit(5).explain('executionStats');
    assert.deepEqual(stageNames(walked.queryPlanner.winningPlan), ['LIMIT', 'FETCH', 'IXSCAN']);
    assert.equal(indexScan(walked.queryPlanner.winningPlan).indexName, 'by_t');
    assert.equal(indexScan(walked.queryPlanner.winningPlan).direction, 'backward');
    assert.deepEqual(indexScan(walked.queryPlanner.winningPlan).indexBounds, { t: ['[MaxKey, MinKey]'] });
    assert.equal(walked.executionStats.totalKeysExamined, 5);
    assert.equal(walked.executionStats.totalDocsExamined, 5);
    const sorted = await items.find({}).sort({ n: -1 }).limit(5).explain('executionStats');
    assert.deepEqual(stageNames(sorted.queryPlanner.winningPlan), ['SORT', 'COLLSCAN']);
    assert.deepEqual(sorted.queryPlanner.winningPlan.sortPattern, { n: -1 });
    assert.equal(sorted.executionStats.totalDocsExamined, 200);
    assert.equal(sorted.executionStats.nReturned, 5);
  });

  it('an $or whose branches all use indexes: an OR of index scans', async () => {
    const reply = await items.find({ $or: [{ k: 1 }, { t: 't005' }] }).explain('executionStats');
    const or = reply.queryPlanner.winningPlan.inputStage as Document;
    assert.equal(or.stage, 'OR');
    assert.deepEqual((or.inputStages as Document[]).map((stage) => stage.indexName), ['k_1', 'by_t']);
    assert.equal(reply.executionStats.nReturned, 21);
    assert.equal(reply.executionStats.totalKeysExamined, 21);
  });

  it('queryPlanner verbosity answers the plan without execution statistics', async () => {
    const reply = await items.find({ k: 3 }).explain('queryPlanner');
    assert.equal(indexScan(reply.queryPlanner.winningPlan).indexName, 'k_1');
    assert.equal(reply.executionStats, undefined);
    const all = await items.find({ k: 3 }).explain('allPlansExecution');
    assert.deepEqual(all.executionStats.allPlansExecution, []);
    await assert.rejects(db.command({ explain: { find: 'items' }, verbosity: 'loud' }), (e: { code?: number }) => e.code === 2);
  });

  it('count, distinct and aggregate (a leading $match, with stages after it and without)', async () => {
    const count = await db.command({ explain: { count: 'items', query: { k: 4 } }, verbosity: 'executionStats' });
    assert.deepEqual(stageNames(count.queryPlanner.winningPlan), ['COUNT', 'FETCH', 'IXSCAN']);
    assert.equal(count.executionStats.totalDocsExamined, 20);
    const whole = await db.command({ explain: { count: 'items' }, verbosity: 'executionStats' });
    assert.deepEqual(stageNames(whole.queryPlanner.winningPlan), ['RECORD_STORE_FAST_COUNT']);
    const distinct = await db.command({ explain: { distinct: 'items', key: 'n', query: { k: 4 } }, verbosity: 'executionStats' });
    assert.equal(indexScan(distinct.queryPlanner.winningPlan).indexName, 'k_1');
    const grouped = await items.aggregate([{ $match: { k: 5 } }, { $group: { _id: null, total: { $sum: '$n' } } }], { explain: 'executionStats' }).toArray();
    const cursor = (grouped[0]?.stages as Document[])[0]?.$cursor as Document;
    assert.equal(indexScan(cursor.queryPlanner.winningPlan).indexName, 'k_1');
    assert.equal(cursor.executionStats.nReturned, 20);
    assert.deepEqual((grouped[0]?.stages as Document[])[1], { $group: { _id: null, total: { $sum: '$n' } } });
    const matchOnly = await items.aggregate([{ $match: { n: 3 } }], { explain: true }).toArray();
    assert.deepEqual(stageNames(matchOnly[0]?.queryPlanner.winningPlan as Document), ['COLLSCAN']);
  });

  it('explained writes are planned, never performed', async () => {
    const deleted = await db.command({ explain: { delete: 'items', deletes: [{ q: { k: 6 }, limit: 0 }] }, verbosity: 'executionStats' });
    assert.deepEqual(stageNames(deleted.queryPlanner.winningPlan), ['DELETE', 'FETCH', 'IXSCAN']);
    assert.equal(deleted.executionStats.totalDocsExamined, 20);
    assert.equal(deleted.executionStats.nReturned, 0);
    const updated = await db.command({ explain: { update: 'items', updates: [{ q: { n: 9 }, u: { $set: { n: -1 } } }] }, verbosity: 'queryPlanner' });
    assert.deepEqual(stageNames(updated.queryPlanner.winningPlan), ['UPDATE', 'LIMIT', 'COLLSCAN']);
    const merged = await items.aggregate([{ $match: { k: 6 } }, { $out: 'copied' }], { explain: 'queryPlanner' }).toArray();
    assert.deepEqual((merged[0]?.stages as Document[])[1], { $out: 'copied' });
    assert.equal(await items.countDocuments({ k: 6 }), 20);
    assert.equal(await items.countDocuments({ n: -1 }), 0);
    assert.deepEqual(await db.listCollections({ name: 'copied' }).toArray(), []);
    await assert.rejects(
      db.command({ explain: { update: 'items', updates: [{ q: {}, u: { $set: { a: 1 } } }, { q: {}, u: { $set: { a: 2 } } }] } }),
      (e: { code?: number }) => e.code === 16,
    );
  });

  describe('through mongoose', () => {
    let conn: Connection;
    before(async () => {
      conn = await mongoose.createConnection(server.uri, { dbName: 'explain_mongoose' }).asPromise();
    });
    after(async () => {
      await conn.close();
    });

    it("Query.explain() and Aggregate.explain() answer the plan of the schema's index", async () => {
      const Order = conn.model('Order', new Schema({ customer: { type: String, index: true }, total: Number }));
      await Order.init();
      await Order.insertMany(Array.from({ length: 30 }, (_, i) => ({ customer: `c${i % 3}`, total: i })));
      const byCustomer = (await Order.find({ customer: 'c1' }).explain('executionStats')) as unknown as Document;
      assert.equal(indexScan(byCustomer.queryPlanner.winningPlan).indexName, 'customer_1');
      assert.equal(byCustomer.executionStats.nReturned, 10);
      assert.equal(byCustomer.executionStats.totalDocsExamined, 10);
      const byTotal = (await Order.findOne({ total: 5 }).explain('executionStats')) as unknown as Document;
      assert.deepEqual(stageNames(byTotal.queryPlanner.winningPlan), ['LIMIT', 'COLLSCAN']);
      assert.equal(byTotal.executionStats.totalDocsExamined, 6, 'the scan stops at the first match');
      const aggregated = (await Order.aggregate([{ $match: { customer: 'c2' } }, { $count: 'n' }]).explain('executionStats')) as unknown as Document;
      assert.equal(indexScan(((aggregated.stages as Document[])[0]?.$cursor as Document).queryPlanner.winningPlan).indexName, 'customer_1');
    });
  });
});
