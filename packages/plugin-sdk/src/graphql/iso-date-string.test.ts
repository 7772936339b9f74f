import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isoDateString } from './iso-date-string.js';

describe('isoDateString', () => {
  it('writes what toISOString writes, for every year it writes with four digits and around them', () => {
    const edges = [
      0, -1, 1, Date.UTC(2000, 1, 29, 23, 59, 59, 999), Date.UTC(1900, 1, 28), Date.UTC(1900, 2, 1), Date.UTC(2100, 1, 28, 12), Date.UTC(1600, 1, 29),
      Date.UTC(1969, 11, 31, 23, 59, 59, 999), -62_167_219_200_000, -62_167_219_200_001, 253_402_300_799_999, 253_402_300_800_000, Date.UTC(999, 11, 31), new Date(0).setUTCFullYear(99, 5, 15), new Date(0).setUTCFullYear(0, 1, 29),
    ];
    let seed = 28;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
    const times = [...edges, ...Array.from({ length: 200_000 }, () => Math.floor(-62_167_219_200_000 + random() * 315_569_520_000_000 + random() * 86_400_000))];
    for (const time of times) assert.equal(isoDateString(new Date(time)), new Date(time).toISOString(), `at ${time}`);
  });

  it('throws for an invalid date, as toISOString does', () => {
    assert.throws(() => isoDateString(new Date(Number.NaN)), RangeError);
  });
});
