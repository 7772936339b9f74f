import type { Bound } from '../storage/ordered-keys.js';
import { compareValues } from './bson-order.js';
import { formatValue } from './format-value.js';

/** Every key of an index, in the direction of a walk: mongod's interval for a field the scan does not bound. */
export function fullRange(direction: 1 | -1): string[] {
  return [direction === 1 ? '[MinKey, MaxKey]' : '[MaxKey, MinKey]'];
}

/** One point interval per value looked up, in BSON order, as mongod's `indexBounds` shows them (`[3, 3]`). */
export function equalityBounds(values: unknown[]): string[] {
  const shown = [...values].sort((a, b) => compareValues(a, b)).map(formatValue);
  return [...new Set(shown)].map((value) => `[${value}, ${value}]`);
}

/** The ends of each type bracket a range stays in (number, string, ObjectId, date), where an open side reaches. */
const BRACKET_ENDS: Record<number, [string, string]> = {
  3: ['[-inf.0', 'inf.0]'],
  4: ['[""', '{})'],
  8: ["[ObjectId('000000000000000000000000')", "ObjectId('ffffffffffffffffffffffff')]"],
  10: ['[new Date(-9223372036854775808)', 'new Date(9223372036854775807)]'],
};

/** The interval a range lookup scanned, as mongod shows it (`(150, inf.0]`). */
export function rangeBounds(rank: number, lower: Bound | undefined, upper: Bound | undefined): string[] {
  const [floor, ceiling] = BRACKET_ENDS[rank] ?? ['[MinKey', 'MaxKey]'];
  const from = lower ? `${lower.inclusive ? '[' : '('}${formatValue(lower.value)}` : floor;
  const to = upper ? `${formatValue(upper.value)}${upper.inclusive ? ']' : ')'}` : ceiling;
  return [`${from}, ${to}`];
}
