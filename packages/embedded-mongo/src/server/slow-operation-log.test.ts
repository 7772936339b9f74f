import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Collection, MongoClient } from 'mongodb';
import type { QueryPlan } from '../query/find-documents.js';
import { type EmbeddedMongo, startEmbeddedMongo } from './embedded-server.js';
import { collectionScanHint, queryShape, suggestedIndex } from './slow-operation-log.js';

function scanOf(filter: object, sort?: object, collated = false): QueryPlan {
  return { namespace: 'db.c', filter, sort, skip: 0, limit: undefined, access: { kind: 'collscan' }, sortedByAccess: false, collectionSize: 100_000, collated };
}

describe('the slow-operation log line', () => {
  // A threshold of 0 logs every operation, so the line is tested without timing anything.
  let server: EmbeddedMongo;
  let quiet: EmbeddedMongo;
  let client: MongoClient;
  let quietClient: MongoClient;
  let tasks: Collection;
  const lines: string[] = [];
  const quietLines: string[] = [];

  before(async () => {
    server = await startEmbeddedMongo({ slowMs: 0, log: (line) => lines.push(line) });
    quiet = await startEmbeddedMongo({ slowMs: 60_000, log: (line) => quietLines.push(line) });
    client = await MongoClient.connect(server.uri);
    quietClient = await MongoClient.connect(quiet.uri);
    tasks = client.db('slowlog').collection('tasks');
    await tasks.insertMany(Array.from({ length: 1000 }, (_, i) => ({ status: i % 4 === 0 ? 'open' : 'closed', n: i })));
  });
  after(async () => {
    await client.close();
    await quietClient.close();
    await server.stop();
    await quiet.stop();
  });

  const findLine = (): string => {
    const found = lines.filter((line) => line.startsWith('slow operation: find slowlog.tasks'));
    assert.equal(found.length, 1, `one find line in ${JSON.stringify(lines)}`);
    return found[0] as string;
  };

  it('a collection scan logs what it examined and the index that would serve it, without the values looked for', async () => {
    lines.length = 0;
    assert.equal((await tasks.find({ status: 'open' }).sort({ n: -1 }).toArray()).length, 250);
    const line = findLine();
    assert.match(line, /, \d+ ms, docsExamined 1000, keysExamined 0, planSummary COLLSCAN, filter \{"status":"\?"\}, sort \{"n":-1\}/);
    assert.match(line, /; hint: COLLSCAN of 1000 documents: an index on \{status: 1, n: -1\} would serve this filter$/);
    assert.doesNotMatch(line, /open/);
  });

  it('an indexed query logs its index scan and no hint', async () => {
    await tasks.createIndex({ status: 1 });
    lines.length = 0;
    assert.equal((await tasks.find({ status: 'open' }).toArray()).length, 250);
    const line = findLine();
    assert.match(line, /docsExamined 250, keysExamined 250, planSummary IXSCAN \{ status: 1 \}/);
    assert.doesNotMatch(line, /hint:/);
  });

  it('an explain is logged under the command it explains', async () => {
    lines.length = 0;
    await tasks.find({ n: { $gt: 10 } }).explain('executionStats');
    const line = lines.find((candidate) => candidate.startsWith('slow operation: explain find slowlog.tasks,'));
    assert.ok(line, `an explain find line in ${JSON.stringify(lines)}`);
    assert.match(line, /docsExamined 1000, keysExamined 0, planSummary COLLSCAN, filter \{"n":\{"\$gt":"\?"\}\}; hint: COLLSCAN of 1000 documents: an index on \{n: 1\}/);
  });

  it('an operation under the threshold logs nothing', async () => {
    const quietTasks = quietClient.db('slowlog').collection('tasks');
    await quietTasks.insertMany(Array.from({ length: 100 }, (_, i) => ({ n: i })));
    assert.equal((await quietTasks.find({ n: 5 }).toArray()).length, 1);
    assert.deepEqual(quietLines.filter((line) => line.startsWith('slow operation')), []);
  });

  it('the suggested index puts equalities first, then the sort, then ranges; _id and unindexable conditions are left out', () => {
    assert.deepEqual(suggestedIndex(scanOf({ age: { $gt: 30 }, owner: 'a', _id: 3 }, { createdAt: -1 })), { owner: 1, createdAt: -1, age: 1 });
    assert.deepEqual(suggestedIndex(scanOf({ tag: { $in: ['x', 'y'] } })), { tag: 1 });
    assert.equal(suggestedIndex(scanOf({ name: /^a/ })), undefined);
    assert.match(collectionScanHint(scanOf({ name: { $regex: 'a' } })), /^COLLSCAN of 100000 documents: the filter names no field an index could serve/);
    assert.equal(collectionScanHint(scanOf({}, { at: 1 })), 'COLLSCAN of 100000 documents: an index on {at: 1} would serve this sort');
    assert.match(collectionScanHint(scanOf({ a: 1 }, undefined, true)), /collation reads every document/);
    assert.equal(queryShape({ $or: [{ a: 1 }, { b: { $in: [1, 2] } }], c: { d: 'x' } }), '{"$or":[{"a":"?"},{"b":{"$in":"?"}}],"c":{"d":"?"}}');
  });
});
