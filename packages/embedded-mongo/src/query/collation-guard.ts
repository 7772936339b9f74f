import type { Document } from 'bson';
import { notImplemented } from '../errors.js';
import { isPlainObject } from './path-values.js';

/**
 * Under a collation, the parts of a pipeline that would still compare strings in binary order (mingo's
 * own grouping, joins, set and min/max operators) answer NotImplemented instead of a binary-order answer.
 * `$match`, `$sort`, `$group` keys, `$bucket`, the expression comparisons, `$in` and `$indexOfArray` do
 * follow the collation.
 */
const REFUSED = new Set([
  '$bucketAuto', '$sortByCount', '$lookup', '$graphLookup', '$setWindowFields', '$fill', '$densify',
  '$addToSet', '$max', '$min', '$maxN', '$minN', '$top', '$bottom', '$topN', '$bottomN',
  '$setUnion', '$setIntersection', '$setDifference', '$setEquals', '$setIsSubset', '$sortArray',
]);

/** Throws NotImplemented for the first collation-blind stage or operator anywhere in the pipeline ($facet's included). */
export function refuseCollationBlindStages(pipeline: Document[]): void {
  const found = findOperator(pipeline);
  if (found) throw notImplemented(`${found} under a collation`);
}

function findOperator(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    for (const element of value) {
      const found = findOperator(element);
      if (found) return found;
    }
    return undefined;
  }
  if (!isPlainObject(value)) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (key === '$literal') continue;
    if (REFUSED.has(key)) return key;
    const found = findOperator(inner);
    if (found) return found;
  }
  return undefined;
}
