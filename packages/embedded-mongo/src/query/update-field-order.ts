import type { Document } from 'bson';
import { isPlainObject } from './path-values.js';

/**
 * mongod (5.0+) applies an operator update's fields in lexicographic order of their names (numeric
 * names in numeric order), so the fields an update creates are appended to their document in that order,
 * whichever operator created them, while existing fields keep their place. mingo appends them operator by
 * operator; this puts each document level of the result in mongod's order.
 */
export function orderCreatedFields(before: unknown, after: Document): Document {
  return reorder(before, after) as Document;
}

function byFieldName(a: string, b: string): number {
  const numeric = /^\d+$/;
  if (numeric.test(a) && numeric.test(b)) return Number(a) - Number(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

function reorder(before: unknown, after: unknown): unknown {
  if (Array.isArray(after)) {
    const old = Array.isArray(before) ? before : [];
    let changed = false;
    const out = after.map((element, i) => {
      const next = reorder(old[i], element);
      if (next !== element) changed = true;
      return next;
    });
    return changed ? out : after;
  }
  if (!isPlainObject(after)) return after;
  const old = isPlainObject(before) ? before : undefined;
  const keys = Object.keys(after);
  const kept = old ? keys.filter((key) => Object.prototype.hasOwnProperty.call(old, key)) : [];
  const created = keys.filter((key) => !old || !Object.prototype.hasOwnProperty.call(old, key)).sort(byFieldName);
  const ordered = [...kept, ...created];
  let changed = ordered.some((key, i) => key !== keys[i]);
  const values = ordered.map((key) => {
    const value = reorder(old?.[key], after[key]);
    if (value !== after[key]) changed = true;
    return value;
  });
  if (!changed) return after;
  const out: Document = {};
  ordered.forEach((key, i) => (out[key] = values[i]));
  return out;
}
