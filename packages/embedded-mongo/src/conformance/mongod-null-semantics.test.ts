import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Document } from 'mongodb';
import { useDriver } from '../test-support/driver-fixture.js';

/**
 * The cases of mongod's jstests/core/query/null_query_semantics.js (FCV 9.0 semantics), re-expressed
 * here with the expected answers that file asserts (documents holding `undefined` left out: the driver
 * sends undefined as null). The jstests are SSPL-licensed, so this is our own test, not a copy.
 */
const DOCS = [
  { _id: 'a_empty_subobject', a: {} },
  { _id: 'a_null', a: null },
  { _id: 'a_number', a: 4 },
  { _id: 'a_subobject_b_not_null', a: { b: 'hi' } },
  { _id: 'a_subobject_b_null', a: { b: null } },
  { _id: 'no_a' },
  { _id: 'a_double_array', a: [[]] },
  { _id: 'a_empty_array', a: [] },
  { _id: 'a_object_array_b_mix_null_missing', a: [{ b: null }, { b: null }, {}] },
  { _id: 'a_object_array_no_b_nulls', a: [{ b: 1 }, { b: 3 }, { b: 'string' }] },
  { _id: 'a_object_array_some_b_nulls', a: [{ b: null }, { b: 3 }, { b: null }] },
  { _id: 'a_object_array_some_b_missing', a: [{ b: 3 }, {}] },
  { _id: 'a_value_array_all_nulls', a: [null, null] },
  { _id: 'a_value_array_no_nulls', a: [1, 'string', 4] },
  { _id: 'a_value_array_with_null', a: [1, 'string', null, 4] },
];
const ALL = DOCS.map((d) => d._id);
const except = (...left: string[]) => ALL.filter((id) => !left.includes(id));

const A_NULL = ['a_null', 'no_a', 'a_value_array_all_nulls', 'a_value_array_with_null'];
const A_DOT_B_NULL = [
  'a_empty_subobject', 'a_null', 'a_number', 'a_subobject_b_null', 'no_a', 'a_double_array', 'a_empty_array',
  'a_object_array_b_mix_null_missing', 'a_object_array_some_b_nulls', 'a_object_array_some_b_missing',
  'a_value_array_all_nulls', 'a_value_array_no_nulls', 'a_value_array_with_null',
];

const CASES: Array<[name: string, filter: Document, expected: string[]]> = [
  ['{a: {$eq: null}}', { a: { $eq: null } }, A_NULL],
  ['{a: {$ne: null}}', { a: { $ne: null } }, except(...A_NULL)],
  ['{a: {$in: [null, 75]}}', { a: { $in: [null, 75] } }, A_NULL],
  ['{$or: [{a: null}, {a: 75}]}', { $or: [{ a: null }, { a: 75 }] }, A_NULL],
  ['{a: {$nin: [null, 75]}}', { a: { $nin: [null, 75] } }, except(...A_NULL)],
  ['{a: {$nin: [null, []]}}', { a: { $nin: [null, []] } }, except(...A_NULL, 'a_double_array', 'a_empty_array')],
  ['{a: {$nin: [null, /^str.*/]}}', { a: { $nin: [null, /^str.*/] } }, except(...A_NULL, 'a_value_array_no_nulls')],
  ['{a: {$elemMatch: {$eq: null}}}', { a: { $elemMatch: { $eq: null } } }, ['a_value_array_all_nulls', 'a_value_array_with_null']],
  [
    '{a: {$elemMatch: {$ne: null}}}',
    { a: { $elemMatch: { $ne: null } } },
    ['a_double_array', 'a_object_array_b_mix_null_missing', 'a_object_array_no_b_nulls', 'a_object_array_some_b_nulls', 'a_object_array_some_b_missing', 'a_value_array_no_nulls', 'a_value_array_with_null'],
  ],
  ["{'a.b': {$eq: null}}", { 'a.b': { $eq: null } }, A_DOT_B_NULL],
  ["{'a.b': {$ne: null}}", { 'a.b': { $ne: null } }, except(...A_DOT_B_NULL)],
  ["{'a.b': {$in: [null, 75]}}", { 'a.b': { $in: [null, 75] } }, A_DOT_B_NULL],
  ["{$or: [{'a.b': null}, {'a.b': 75}]}", { $or: [{ 'a.b': null }, { 'a.b': 75 }] }, A_DOT_B_NULL],
  ["{'a.b': {$nin: [null, 75]}}", { 'a.b': { $nin: [null, 75] } }, except(...A_DOT_B_NULL)],
  // An element that is an array is matched as a document (keys "0", "1"…), so `[[]]` has an element without b.
  ['{a: {$elemMatch: {b: {$eq: null}}}}', { a: { $elemMatch: { b: { $eq: null } } } }, ['a_double_array', 'a_object_array_b_mix_null_missing', 'a_object_array_some_b_nulls', 'a_object_array_some_b_missing']],
  ['{a: {$elemMatch: {b: {$ne: null}}}}', { a: { $elemMatch: { b: { $ne: null } } } }, ['a_object_array_no_b_nulls', 'a_object_array_some_b_nulls', 'a_object_array_some_b_missing']],
  ['{a: {$not: {$gte: null}}}', { a: { $not: { $gte: null } } }, except(...A_NULL)],
  ["{'a.b': {$exists: false}}", { 'a.b': { $exists: false } }, ['no_a', 'a_empty_subobject', 'a_null', 'a_number', 'a_double_array', 'a_empty_array', 'a_value_array_all_nulls', 'a_value_array_no_nulls', 'a_value_array_with_null']],
  ["{'a.b': {$elemMatch: {$eq: null}}}", { 'a.b': { $elemMatch: { $eq: null } } }, []],
  ["{'a.b': {$nin: [null, /^str.*/]}}", { 'a.b': { $nin: [null, /^str.*/] } }, ['a_subobject_b_not_null']],
];

describe('ported mongod cases: null_query_semantics.js', () => {
  const fx = useDriver('nullsem');

  for (const [name, filter, expected] of CASES) {
    it(name, async () => {
      const c = fx.db.collection<{ _id: string }>('null_semantics');
      if ((await c.estimatedDocumentCount()) === 0) await c.insertMany(DOCS.map((d) => ({ ...d })));
      const found = (await c.find(filter).toArray()).map((d) => d._id).sort();
      assert.deepEqual(found, [...expected].sort());
      assert.equal(await c.countDocuments(filter), expected.length);
    });
  }
});
