import { evalExpr } from 'mingo/core';
import type { Any, AnyObject, Options } from 'mingo/types';
import type { Document } from 'bson';
import { MongoCommandError } from '../errors.js';
import { isPlainObject } from './path-values.js';

/**
 * Dotted field paths in aggregation expressions (`'$a.b'`, `'$$this.a.b'`) read as mongod reads them
 * (ExpressionFieldPath::evaluatePath/evaluatePathArray): each part is a field name, never an array index;
 * an array on the way gives the array of what its document elements reach, and any other element, an
 * array nested in the array included, is skipped. So `'$a.b'` over `a: [[{b: 1}], {b: 2}, 3]` is `[2]`.
 * mingo's own path resolution takes a nested array whole and reads a numeric part as an index, and has
 * no hook; so before mingo sees a pipeline, each dotted field path in an expression position is rewritten
 * into a call of FIELD_PATH_OPERATOR, an expression operator registered in the server's mingo context.
 * Paths without a dot stay as they are: mingo reads a single field as mongod does.
 */
export const FIELD_PATH_OPERATOR = '$__latticeFieldPath';

/** The value a dotted field path reaches (undefined when missing), as mongod's evaluatePath. */
function followPath(value: unknown, parts: string[], index: number): unknown {
  if (index === parts.length) return value;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const element of value) {
      if (!isPlainObject(element)) continue;
      const reached = followPath(element, parts, index);
      if (reached !== undefined) out.push(reached);
    }
    return out;
  }
  if (!isPlainObject(value) || !Object.prototype.hasOwnProperty.call(value, parts[index] as string)) return undefined;
  return followPath(value[parts[index] as string], parts, index + 1);
}

/** The operator: its operand is the original path; the base (`$a`, `$$this`, `$$ROOT`) is mingo's to resolve. */
export function fieldPathOperator(obj: AnyObject, expr: Any, options: Options): unknown {
  const path = expr as string;
  const variable = path.startsWith('$$');
  const parts = path.slice(variable ? 2 : 1).split('.');
  const base = evalExpr(obj, `${variable ? '$$' : '$'}${parts[0] as string}`, options);
  return followPath(base, parts, 1);
}

const isDottedFieldPath = (value: unknown): value is string => typeof value === 'string' && value.startsWith('$') && value.includes('.');

/** An aggregation expression with its dotted field paths rewritten; `$literal` operands are left as they are. */
export function rewriteExpression(expr: unknown): unknown {
  if (isDottedFieldPath(expr)) return { [FIELD_PATH_OPERATOR]: expr };
  if (Array.isArray(expr)) return expr.map(rewriteExpression);
  if (!isPlainObject(expr)) return expr;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(expr)) {
    if (key === FIELD_PATH_OPERATOR) throw new MongoCommandError(168, 'InvalidPipelineOperator', `Unrecognized expression '${key}'`);
    out[key] = key === '$literal' ? value : rewriteExpression(value);
  }
  return out;
}

/** A query filter with the expressions of its `$expr` clauses rewritten (at any depth of `$and`/`$or`/`$nor`). */
export function rewriteFilter(filter: Document): Document {
  const out: Document = {};
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$expr') out[key] = rewriteExpression(value);
    else if ((key === '$and' || key === '$or' || key === '$nor') && Array.isArray(value)) out[key] = value.map((clause) => (isPlainObject(clause) ? rewriteFilter(clause) : clause));
    else out[key] = value;
  }
  return out;
}

/** Rewrites only the named fields of a stage's specification (the others are names, constants or options). */
function rewriteFields(spec: unknown, fields: string[], rewrite: (value: unknown) => unknown = rewriteExpression): unknown {
  if (!isPlainObject(spec)) return spec;
  const out: Record<string, unknown> = { ...spec };
  for (const field of fields) if (field in out) out[field] = rewrite(out[field]);
  return out;
}

const rewriteSubPipeline = (value: unknown): unknown => (Array.isArray(value) ? rewritePipeline(value as Document[]) : value);

/** Where each stage takes expressions: the stages not named here take none (`$unwind`'s path is not an expression). */
const STAGE_REWRITES: Record<string, (spec: unknown) => unknown> = {
  $project: rewriteExpression,
  $addFields: rewriteExpression,
  $set: rewriteExpression,
  $group: rewriteExpression,
  $replaceWith: rewriteExpression,
  $sortByCount: rewriteExpression,
  $redact: rewriteExpression,
  $replaceRoot: (spec) => rewriteFields(spec, ['newRoot']),
  $bucket: (spec) => rewriteFields(spec, ['groupBy', 'output']),
  $bucketAuto: (spec) => rewriteFields(spec, ['groupBy', 'output']),
  $setWindowFields: (spec) => rewriteFields(spec, ['partitionBy', 'output']),
  $fill: (spec) => rewriteFields(spec, ['partitionBy', 'output']),
  $graphLookup: (spec) => rewriteFields(spec, ['startWith']),
  $lookup: (spec) => rewriteFields(rewriteFields(spec, ['let']), ['pipeline'], rewriteSubPipeline),
  $unionWith: (spec) => rewriteFields(spec, ['pipeline'], rewriteSubPipeline),
  $facet: (spec) => (isPlainObject(spec) ? Object.fromEntries(Object.entries(spec).map(([name, sub]) => [name, rewriteSubPipeline(sub)])) : spec),
  $match: (spec) => (isPlainObject(spec) ? rewriteFilter(spec) : spec),
};

/** A pipeline with the dotted field paths of its expressions rewritten for mingo (see FIELD_PATH_OPERATOR). */
export function rewritePipeline(stages: Document[]): Document[] {
  return stages.map((stage) => {
    if (!isPlainObject(stage)) return stage;
    const name = Object.keys(stage)[0] as string;
    const rewrite = STAGE_REWRITES[name];
    return rewrite && Object.keys(stage).length === 1 ? { [name]: rewrite(stage[name]) } : stage;
  });
}
