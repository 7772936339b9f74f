import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Document } from 'mongodb';
import { hasCode, useDriver } from '../test-support/driver-fixture.js';

/**
 * `$all` as mongod's jstests/core/query/all/all.js … all5.js assert it (FCV 9.0), re-expressed with the
 * counts those files expect (the jstests are SSPL, so no file of theirs is copied), plus `$all` with a
 * regular expression (issue 35: it never matched).
 */
type Case = [filter: Document, count: number];

async function expectCounts(fx: ReturnType<typeof useDriver>, docs: Document[], cases: Case[]): Promise<void> {
  const c = docs.length > 0 ? await fx.fresh(docs) : fx.db.collection('never_created');
  for (const [filter, count] of cases) assert.equal(await c.countDocuments(filter), count, JSON.stringify(filter));
}

describe('ported mongod cases: $all (all.js … all5.js)', () => {
  const fx = useDriver('mongodall');

  it('all.js: arrays of numbers, nested arrays, arrays of documents', async () => {
    const base = [{ a: [1, 2, 3] }, { a: [1, 2, 4] }, { a: [1, 8, 5] }, { a: [1, 8, 6] }, { a: [1, 9, 7] }, { a: [] }, {}];
    await expectCounts(fx, base, [
      [{ a: { $all: [1] } }, 5],
      [{ a: { $all: [1, 2] } }, 2],
      [{ a: { $all: [1, 8] } }, 2],
      [{ a: { $all: [1, 3] } }, 1],
      [{ a: { $all: [2] } }, 2],
      [{ a: { $all: [2, 3] } }, 1],
      [{ a: { $all: [2, 1] } }, 2],
    ]);
    const more = [...base, { a: [2, 2] }, { a: [[2]] }, { a: [{ b: [10, 11] }, 11] }, { a: { b: [20, 30] } }];
    await expectCounts(fx, more, [
      [{ a: { $all: [2, 2] } }, 3],
      [{ a: { $all: [2] } }, 3],
      [{ 'a.b': { $all: [10] } }, 1],
      [{ 'a.b': { $all: [20] } }, 1],
      [{ 'a.b': { $all: [20, 30] } }, 1],
      [{ a: { $all: [11] } }, 1],
      [{ a: { $all: [1] } }, 5],
      [{ a: { $all: [19] } }, 0],
      [{ a: { $all: [] } }, 0],
    ]);
  });

  it('all2.js: $in and $all through arrays of documents and of values', async () => {
    const cases = (path: string): Case[] => [
      [{ [path]: { $in: [1] } }, 1],
      [{ [path]: { $in: [2] } }, 2],
      [{ [path]: { $in: [1, 2] } }, 2],
      [{ [path]: { $in: [2, 3] } }, 3],
      [{ [path]: { $in: [1, 3] } }, 3],
      [{ [path]: { $all: [1, 2] } }, 1],
      [{ [path]: { $all: [2, 3] } }, 1],
      [{ [path]: { $all: [1, 3] } }, 0],
    ];
    await expectCounts(fx, [{ a: [{ x: 1 }, { x: 2 }] }, { a: [{ x: 2 }, { x: 3 }] }, { a: [{ x: 3 }, { x: 4 }] }], cases('a.x'));
    await expectCounts(fx, [{ a: [1, 2] }, { a: [2, 3] }, { a: [3, 4] }], cases('a'));
    await expectCounts(fx, [{ name: ['harry', 'jack', 'tom'] }], [[{ name: { $all: ['harry', 'john'] } }, 0]]);
  });

  it('all3.js: $all of null agrees with $in of null; whole-array values', async () => {
    const nullCases = (missing: boolean): Case[] => [
      [{ foo: { $in: [null] } }, missing ? 1 : 0],
      [{ foo: { $all: [null] } }, missing ? 1 : 0],
      [{ foo: { $not: { $all: [null] } } }, missing ? 0 : 1],
      [{ foo: { $not: { $in: [null] } } }, missing ? 0 : 1],
    ];
    await expectCounts(fx, [{}], nullCases(true));
    await expectCounts(fx, [{ foo: 1 }], nullCases(false));
    await expectCounts(fx, [{ foo: [0, 1] }], [[{ foo: { $in: [[0, 1]] } }, 1], [{ foo: { $all: [[0, 1]] } }, 1]]);
    await expectCounts(fx, [{ foo: [] }], [[{ foo: { $in: [[]] } }, 1], [{ foo: { $all: [[]] } }, 1]]);
  });

  it('all4.js and all5.js: $all of $elemMatch over missing fields, scalars and documents without the field', async () => {
    const elemMatchB1 = { a: { $all: [{ $elemMatch: { b: 1 } }] } };
    await expectCounts(fx, [], [[{ a: { $all: [] } }, 0], [{ a: { $all: [1] } }, 0], [elemMatchB1, 0]]);
    await expectCounts(fx, [{}], [[{ a: { $all: [] } }, 0], [{ a: { $all: [1] } }, 0], [elemMatchB1, 0]]);
    await expectCounts(fx, [{}, { a: 1 }], [[{ a: { $all: [] } }, 0], [{ a: { $all: [1] } }, 1], [elemMatchB1, 0]]);
    await expectCounts(fx, [{}, { a: 1 }, { a: [{ b: 1 }] }], [[{ a: { $all: [] } }, 0], [{ a: { $all: [1] } }, 1], [elemMatchB1, 1]]);
    const bNull = { a: { $all: [{ $elemMatch: { b: null } }] } };
    for (const doc of [{}, { a: 1 }, { a: [] }, { a: [1] }, { a: [{ b: 1 }] }]) await expectCounts(fx, [doc], [[bNull, 0]]);
    for (const doc of [{ a: [{}] }, { a: [{ c: 1 }] }, { a: [{ b: null }] }]) await expectCounts(fx, [doc], [[{ a: { $elemMatch: { b: null } } }, 1], [bNull, 1]]);
  });

  it('$all mixing $elemMatch clauses and values is refused (BadValue)', async () => {
    const c = await fx.fresh([{ a: [{ b: 1 }] }]);
    await assert.rejects(c.countDocuments({ a: { $all: [{ $elemMatch: { b: 1 } }, 1] } }), hasCode(2));
  });

  it('$all with regular expressions matches strings and arrays of strings', async () => {
    await expectCounts(fx, [{ s: 'abc' }, { s: ['x', 'abd'] }, { s: ['x'] }, { s: 'Abc' }], [
      [{ s: { $all: [/^ab/] } }, 2],
      [{ s: { $all: [/^ab/, 'x'] } }, 1],
      [{ s: { $all: [/^ab/i] } }, 3],
    ]);
  });
});
