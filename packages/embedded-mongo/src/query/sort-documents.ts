import type { Document } from 'bson';
import { compareValues } from './bson-order.js';
import { pathValues } from './path-values.js';

export type SortSpec = Array<[path: string, direction: 1 | -1]>;

/** Sentinel that sorts below null: an empty array, per MongoDB's sort rules. */
const EMPTY_ARRAY_KEY = Symbol('empty-array');

/**
 * The value a document sorts by on one path: for arrays the smallest element ascending and the
 * largest descending; missing sorts as null.
 */
function sortKey(doc: Document, path: string, direction: 1 | -1, collator: Intl.Collator | undefined): unknown {
  const reached = pathValues(doc, path);
  const candidates: unknown[] = [];
  let sawEmptyArray = false;
  for (const value of reached) {
    if (Array.isArray(value)) {
      if (value.length === 0) sawEmptyArray = true;
      candidates.push(...value);
    } else {
      candidates.push(value);
    }
  }
  if (candidates.length === 0) return sawEmptyArray ? EMPTY_ARRAY_KEY : null;
  let best = candidates[0];
  for (let i = 1; i < candidates.length; i++) {
    const c = compareValues(candidates[i], best, collator);
    if (direction === 1 ? c < 0 : c > 0) best = candidates[i];
  }
  return best;
}

function compareKeys(a: unknown, b: unknown, collator: Intl.Collator | undefined): number {
  if (a === EMPTY_ARRAY_KEY || b === EMPTY_ARRAY_KEY) return a === b ? 0 : a === EMPTY_ARRAY_KEY ? -1 : 1;
  return compareValues(a, b, collator);
}

export function parseSortSpec(sort: unknown): SortSpec {
  if (sort === null || typeof sort !== 'object') return [];
  return Object.entries(sort as Record<string, unknown>).map(([path, dir]) => [path, Number(dir) < 0 ? -1 : 1]);
}

/** A stable sort of documents in MongoDB's order (strings by the collation's collator); keys are computed once per document. */
export function sortDocuments(docs: Document[], spec: SortSpec, collator?: Intl.Collator): Document[] {
  if (spec.length === 0) return docs;
  const keyed = docs.map((doc, i) => ({ doc, i, keys: spec.map(([path, dir]) => sortKey(doc, path, dir, collator)) }));
  keyed.sort((x, y) => {
    for (let k = 0; k < spec.length; k++) {
      const c = compareKeys(x.keys[k], y.keys[k], collator);
      if (c !== 0) return c * (spec[k] as [string, 1 | -1])[1];
    }
    return x.i - y.i;
  });
  return keyed.map((entry) => entry.doc);
}
