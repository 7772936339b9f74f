import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareValues } from '../query/bson-order.js';
import { indexKey } from '../query/index-key.js';
import { OrderedKeys } from './ordered-keys.js';

describe('OrderedKeys', () => {
  it('stays in BSON order through many random inserts and deletes', () => {
    const keys = new OrderedKeys();
    const live = new Map<string, unknown>();
    let seed = 7;
    const random = (): number => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let step = 0; step < 20_000; step++) {
      const n = Math.floor(random() * 5000);
      const value: unknown = n % 3 === 0 ? `s${n}` : n % 3 === 1 ? n : new Date(n);
      const key = indexKey(value);
      if (live.has(key) && random() < 0.5) {
        keys.delete(key, value);
        live.delete(key);
      } else if (!live.has(key)) {
        keys.add(key, value);
        live.set(key, value);
      }
    }
    const walked = [...keys.walk(1)].map((e) => e.value);
    const expected = [...live.values()].sort(compareValues);
    assert.deepEqual(walked, expected);
    assert.deepEqual([...keys.walk(-1)].map((e) => e.value), [...expected].reverse());
    assert.equal(keys.size, live.size);
    const inRange = [...keys.range(3, { value: 100, inclusive: true }, { value: 200, inclusive: false })];
    assert.deepEqual(inRange, expected.filter((v) => typeof v === 'number' && v >= 100 && v < 200).map(indexKey));
    const strings = [...keys.range(4, undefined, { value: 's2', inclusive: true })];
    assert.deepEqual(strings, expected.filter((v) => typeof v === 'string' && v <= 's2').map(indexKey));
  });
});
