import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Document } from 'mongodb';
import { useDriver } from '../test-support/driver-fixture.js';

/** The innermost stage of a winning plan (mongod 7's SBE explain nests it under `queryPlan`). */
function leafStage(plan: Document): Document {
  let stage = (plan.queryPlan as Document | undefined) ?? plan;
  while (stage.inputStage) stage = stage.inputStage as Document;
  return stage;
}

// What any MongoDB answers for explain (so these also hold with MONGO_URL); the embedded server's plans in
// detail are in src/commands/explain-command.test.ts.
describe('explain in MongoDB shape', () => {
  const fx = useDriver('explain');

  it('find().explain() answers the plan: an index scan by the index name when one serves the filter, else a collection scan', async () => {
    const collection = await fx.fresh(Array.from({ length: 50 }, (_, i) => ({ _id: i, k: i % 5, n: i })));
    await collection.createIndex({ k: 1 });
    const indexed = await collection.find({ k: 2 }).explain('executionStats');
    assert.equal(indexed.queryPlanner.namespace, collection.namespace);
    assert.equal(leafStage(indexed.queryPlanner.winningPlan).stage, 'IXSCAN');
    assert.equal(leafStage(indexed.queryPlanner.winningPlan).indexName, 'k_1');
    assert.equal(indexed.executionStats.nReturned, 10);
    assert.equal(indexed.executionStats.totalDocsExamined, 10);
    const scanned = await collection.find({ n: { $gte: 40 } }).explain('executionStats');
    assert.equal(leafStage(scanned.queryPlanner.winningPlan).stage, 'COLLSCAN');
    assert.equal(scanned.executionStats.nReturned, 10);
    assert.equal(scanned.executionStats.totalDocsExamined, 50);
    assert.equal(scanned.executionStats.totalKeysExamined, 0);
  });

  it('an explained delete removes nothing', async () => {
    const collection = await fx.fresh([{ _id: 1, k: 1 }, { _id: 2, k: 1 }]);
    const reply = await fx.db.command({ explain: { delete: collection.collectionName, deletes: [{ q: { k: 1 }, limit: 0 }] }, verbosity: 'queryPlanner' });
    assert.equal(reply.ok, 1);
    assert.equal(reply.queryPlanner.namespace, collection.namespace);
    assert.equal(await collection.countDocuments(), 2);
  });
});
