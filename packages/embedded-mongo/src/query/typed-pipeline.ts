import { Double, type Document } from 'bson';
import { numericView } from './numeric-view.js';
import { isPlainObject } from './path-values.js';

/**
 * mingo computes with JavaScript numbers, so a pipeline reads stored integral doubles (bson
 * Doubles) as numbers from its first stage that computes values. Stages before it only filter,
 * order or move values, and keep each value's BSON type, as MongoDB does.
 */
const MOVING_STAGES = new Set(['$match', '$sort', '$skip', '$limit', '$count', '$sample', '$unwind', '$unset']);
const SHAPING_STAGES = new Set(['$project', '$addFields', '$set']);

/** A projection or `$addFields` value that only includes, excludes or copies a field. */
export function movesOnly(spec: unknown): boolean {
  if (typeof spec === 'boolean' || typeof spec === 'number') return true;
  if (typeof spec === 'string') return spec.startsWith('$') && !spec.startsWith('$$');
  return isPlainObject(spec) && Object.keys(spec).every((key) => !key.startsWith('$') && movesOnly(spec[key]));
}

function keepsTypes(stage: Document): boolean {
  const name = Object.keys(stage)[0] as string;
  const spec = stage[name] as unknown;
  if (MOVING_STAGES.has(name)) return true;
  if (SHAPING_STAGES.has(name)) return movesOnly(spec);
  if (name === '$replaceRoot') return isPlainObject(spec) && movesOnly(spec.newRoot) && typeof spec.newRoot === 'string';
  if (name === '$replaceWith') return typeof spec === 'string' && movesOnly(spec);
  return false;
}

/** Where a pipeline starts computing: the index of its first stage that does not keep types. */
export function firstComputingStage(stages: Document[]): number {
  const index = stages.findIndex((stage) => !keepsTypes(stage));
  return index === -1 ? stages.length : index;
}

/**
 * A pipeline update computes on numbers; a field it left as it was (the same value where the stored
 * document held a double) is a double again, so an update never changes an untouched field's type.
 */
export function restoreDoubles(result: unknown, original: unknown): unknown {
  if (original instanceof Double) return typeof result === 'number' && Object.is(result, original.value) ? original : result;
  if (Array.isArray(result) && Array.isArray(original)) {
    for (let i = 0; i < result.length; i++) result[i] = restoreDoubles(result[i], original[i]);
    return result;
  }
  if (isPlainObject(result) && isPlainObject(original)) {
    for (const key of Object.keys(result)) if (key in original) result[key] = restoreDoubles(result[key], original[key]);
  }
  return result;
}

/** Stage specifications are options, not data: `{ $limit: 5.0 }` and `{ $project: { a: 1.0 } }` are numbers. */
export const stageSpecs = (stages: Document[]): Document[] => stages.map((stage) => numericView(stage));
