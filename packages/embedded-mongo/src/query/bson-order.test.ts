import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Binary, Decimal128, MaxKey, MinKey, ObjectId, Timestamp } from 'bson';
import { compareValues } from './bson-order.js';
import { indexKey } from './index-key.js';

describe('BSON comparison order', () => {
  it('orders types as MongoDB does', () => {
    const ascending = [
      new MinKey(),
      null,
      -1,
      2n,
      Decimal128.fromString('2.5'),
      'a',
      { a: 1 },
      [1],
      new Binary(Buffer.from([1])),
      new ObjectId('000000000000000000000001'),
      false,
      true,
      new Date(0),
      new Timestamp({ t: 1, i: 1 }),
      /x/,
      new MaxKey(),
    ];
    const shuffled = [...ascending].reverse();
    assert.deepEqual(shuffled.sort(compareValues), ascending);
  });

  it('compares numbers across int, long, double and decimal by value', () => {
    assert.equal(compareValues(3, 3n), 0);
    assert.equal(compareValues(2.5, 3n), -1);
    assert.equal(compareValues(Decimal128.fromString('10'), 9), 1);
    assert.equal(compareValues(Number.NaN, -Infinity), -1);
  });

  it('gives equal index keys exactly to equal values', () => {
    const id = new ObjectId();
    assert.equal(indexKey(id), indexKey(new ObjectId(id.toHexString())));
    assert.equal(indexKey(null), indexKey(undefined));
    assert.equal(indexKey(0), indexKey(-0));
    assert.equal(indexKey(5n), indexKey(5));
    assert.equal(indexKey(2n ** 60n), indexKey(2 ** 60));
    assert.notEqual(indexKey(2n ** 60n + 1n), indexKey(2 ** 60));
    assert.notEqual(indexKey('1'), indexKey(1));
    assert.notEqual(indexKey(new Date(5)), indexKey(5));
    assert.equal(indexKey({ a: [1, { b: 'x' }] }), indexKey({ a: [1, { b: 'x' }] }));
    assert.notEqual(indexKey({ a: 1, b: 2 }), indexKey({ b: 2, a: 1 }));
  });
});
