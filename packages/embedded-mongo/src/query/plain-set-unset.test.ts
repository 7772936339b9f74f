import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Binary, type Document, Long, ObjectId, serialize } from 'bson';
import { update as mingoUpdate } from 'mingo/updater';
import { applyPlainSetUnset } from './plain-set-unset.js';

const stored = (): Document => ({
  _id: new ObjectId('65a000000000000000000001'),
  name: 'a',
  count: new Long(3),
  meta: { seen: new Date(0), tags: ['x'], inner: { deep: 1 } },
  list: [{ a: 1 }, { a: 2 }],
  nothing: null,
  file: new Binary(Buffer.from('hi')),
});

describe('applyPlainSetUnset', () => {
  const sameAsMingo: Array<[string, Document]> = [
    ['a top-level $set', { $set: { name: 'b' } }],
    ['a new field', { $set: { added: 1 } }],
    ['a nested field that exists', { $set: { 'meta.inner.deep': 2 } }],
    ['documents created on the way', { $set: { 'fresh.one.two': 'x' } }],
    ['an array replaced whole', { $set: { 'meta.tags': ['y', 'z'] } }],
    ['a BSON value', { $set: { file: new Binary(Buffer.from('bye')), count: new Long(4) } }],
    ['a $unset of a nested field', { $unset: { 'meta.inner.deep': '' } }],
    ['a $unset of a missing path', { $unset: { 'absent.deeper': '' } }],
    ['$set and $unset together', { $set: { 'meta.inner.other': true }, $unset: { name: 1 } }],
  ];
  for (const [what, modifier] of sameAsMingo) {
    it(`applies ${what} as mingo does`, () => {
      const fast = stored();
      const slow = stored();
      assert.equal(applyPlainSetUnset(fast, modifier), true);
      mingoUpdate(slow, modifier, [], {}, { cloneMode: 'deep' });
      assert.deepEqual(serialize(fast), serialize(slow));
    });
  }

  const leftToMingo: Array<[string, Document]> = [
    ['another operator', { $set: { name: 'b' }, $push: { 'meta.tags': 'y' } }],
    ['a path through an array', { $set: { 'list.0.a': 5 } }],
    ['a path through null', { $set: { 'nothing.x': 1 } }],
    ['a $-prefixed part', { $unset: { 'meta.$x': 1 } }],
    ['an empty part', { $set: { 'meta..x': 1 } }],
    ['__proto__', { $set: { '__proto__.polluted': 1 } }],
  ];
  for (const [what, modifier] of leftToMingo) {
    it(`leaves ${what} to mingo, the document untouched`, () => {
      const doc = stored();
      assert.equal(applyPlainSetUnset(doc, modifier), false);
      assert.deepEqual(serialize(doc), serialize(stored()));
    });
  }

  it('stores a copy of the value, not the update\'s own object', () => {
    const value = { nested: { n: 1 } };
    const doc = stored();
    applyPlainSetUnset(doc, { $set: { value } });
    value.nested.n = 2;
    assert.deepEqual(doc.value, { nested: { n: 1 } });
  });
});
