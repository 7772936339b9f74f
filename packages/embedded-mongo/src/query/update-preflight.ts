import { Binary, type Document } from 'bson';
import type { Options } from 'mingo/types';
import { MongoCommandError } from '../errors.js';
import { numberOf } from './array-modifiers.js';
import { addToSet, pull, pullAll, pushSorted } from './array-update.js';
import { compareValues } from './bson-order.js';
import { collatorFor } from './collation.js';
import { bsonTypeAlias } from './bson-type.js';
import { formatValue } from './format-value.js';
import { numericUpdate, numericKind } from './numeric-update.js';
import { isPlainObject } from './path-values.js';

const ARITHMETIC = new Set(['$inc', '$mul']);
const ARRAY_OPERATORS = new Set(['$push', '$addToSet', '$pop', '$pull', '$pullAll']);

type Reached = { kind: 'value'; value: unknown } | { kind: 'missing' } | { kind: 'unknown' };

/** Follows a dotted path without positional operators; fails like MongoDB when it runs into a scalar. */
function reach(doc: Document, path: string, op: string): Reached {
  const parts = path.split('.');
  let node: unknown = doc;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    if (part.startsWith('$')) return { kind: 'unknown' };
    if (Array.isArray(node)) {
      if (!/^\d+$/.test(part)) {
        // MongoDB cannot name a field of every element at once (`comments.body` over an array): 28, not a silent no-op.
        if (op === '$unset') return { kind: 'missing' };
        const parent = parts.slice(0, i).join('.');
        throw new MongoCommandError(28, 'PathNotViable', `Cannot create field '${part}' in element {${parent}: ${formatValue(node)}}`);
      }
      node = node[Number(part)];
    } else if (isPlainObject(node)) {
      if (!Object.prototype.hasOwnProperty.call(node, part)) return { kind: 'missing' };
      node = node[part];
    } else if (node === undefined) {
      return { kind: 'missing' };
    } else {
      // A scalar on the way, null included, cannot hold the field: 28, except for $unset, which mongod lets
      // pass a path it could not create as a no-op (its modifier node alone allows a non-viable path).
      if (op === '$unset') return { kind: 'missing' };
      const parent = parts.slice(0, i).join('.');
      throw new MongoCommandError(28, 'PathNotViable', `Cannot create field '${part}' in element {${parent}: ${formatValue(node)}}`);
    }
  }
  // An array index past the end is a missing element (a creating update pads the array with nulls).
  return node === undefined ? { kind: 'missing' } : { kind: 'value', value: node };
}

export interface PreflightResult {
  /** What mingo applies. */
  modifier: Document;
  /** Assignments mingo would skip as no change (a Binary differing only in subtype), made directly. */
  direct: Array<[path: string, value: unknown]>;
}

/**
 * Checks an operator update (with concrete paths) against the document before mingo applies it,
 * answering MongoDB's errors where mingo would quietly skip the change, and computes what mingo gets
 * wrong, each becoming a `$set` of the result: `$inc`/`$mul` with MongoDB's numeric types, `$min`/`$max`
 * in BSON order, and `$addToSet`, `$pull`, `$pullAll` and sorted `$push` with BSON equality and order
 * (so a stored double and an int of one value are equal); and a Binary's subtype change.
 */
export function preflightUpdate(doc: Document, modifier: Document, queryOptions: Partial<Options>): PreflightResult {
  const out: Document = { ...modifier };
  const direct: Array<[string, unknown]> = [];
  // mingo's updater hands a collation without a locale when there is none.
  const collator = queryOptions.collation?.locale ? collatorFor(queryOptions.collation) : undefined;
  for (const [op, fields] of Object.entries(modifier)) {
    if (!isPlainObject(fields)) continue;
    for (const [path, operand] of Object.entries(fields)) {
      const reached = reach(doc, path, op);
      if (reached.kind === 'unknown') continue;
      const current = reached.kind === 'value' ? reached.value : undefined;
      if (op === '$set' && operand instanceof Binary && current instanceof Binary && current.sub_type !== operand.sub_type) {
        out[op] = withoutKey(out[op] as Document, path);
        direct.push([path, operand]);
        continue;
      }
      if (ARITHMETIC.has(op)) {
        if (reached.kind === 'value' && !numericKind(current)) {
          throw new MongoCommandError(14, 'TypeMismatch', `Cannot apply ${op} to a value of non-numeric type. {_id: ${formatValue(doc._id)}} has the field '${path}' of non-numeric type ${bsonTypeAlias(current)}`);
        }
        setInstead(out, op, path, numericUpdate(op as '$inc' | '$mul', path, current, operand));
        continue;
      }
      if (op === '$bit' && reached.kind === 'value' && numericKind(current) !== 'int' && numericKind(current) !== 'long') {
        throw new MongoCommandError(14, 'TypeMismatch', `Cannot apply $bit to a value of non-integral type.{_id: ${formatValue(doc._id)}} has the field ${path} of non-integer type ${bsonTypeAlias(current)}`);
      }
      if (op === '$min' || op === '$max') {
        const wins = current === undefined || (op === '$min' ? compareValues(operand, current, collator) < 0 : compareValues(operand, current, collator) > 0);
        setInstead(out, op, path, wins ? operand : NO_CHANGE);
        continue;
      }
      if (ARRAY_OPERATORS.has(op) && !Array.isArray(current) && current !== undefined) {
        throw new MongoCommandError(2, 'BadValue', `The field '${path}' must be an array but is of type ${bsonTypeAlias(current)} in document {_id: ${formatValue(doc._id)}}`);
      }
      if (current === undefined && (op === '$addToSet' || (op === '$push' && isPlainObject(operand) && Array.isArray(operand.$each) && operand.$sort !== undefined))) {
        // A field that does not exist yet starts as an empty array: the de-duplication and the sort still apply.
        setInstead(out, op, path, op === '$addToSet' ? (addToSet([], operand, collator) ?? []) : pushSorted([], operand as Document, collator));
        continue;
      }
      if (op === '$push' && isPlainObject(operand) && operand.$sort === undefined && operand.$position === undefined) {
        // Appending (and slicing) is all it does: a `$set` of the result spares mingo's updater.
        setInstead(out, op, path, appendedAndSliced(Array.isArray(current) ? current : [], operand));
        continue;
      }
      if (!Array.isArray(current)) continue;
      const options = { collation: queryOptions.collation, variables: queryOptions.variables };
      if (op === '$addToSet') setInstead(out, op, path, addToSet(current, operand, collator) ?? NO_CHANGE);
      else if (op === '$pullAll' && Array.isArray(operand)) setInstead(out, op, path, pullAll(current, operand, collator) ?? NO_CHANGE);
      else if (op === '$pull') setInstead(out, op, path, pull(current, operand, options) ?? NO_CHANGE);
      else if (op === '$push' && isPlainObject(operand) && Array.isArray(operand.$each) && operand.$sort !== undefined) setInstead(out, op, path, pushSorted(current, operand, collator));
    }
    if (isPlainObject(out[op]) && Object.keys(out[op] as Document).length === 0) delete out[op];
  }
  return { modifier: out, direct };
}

/** `$push` of `{$each, $slice?}` (normalised by normaliseArrayModifiers, which checked both clauses). */
function appendedAndSliced(current: unknown[], operand: Document): unknown[] {
  const appended = [...current, ...(operand.$each as unknown[])];
  if (operand.$slice === undefined) return appended;
  const slice = numberOf(operand.$slice) as number;
  return slice >= 0 ? appended.slice(0, slice) : appended.slice(slice);
}

/** Sets a concrete path whose parent exists (preflight reached its current value). */
export function assignPath(doc: Document, path: string, value: unknown): void {
  const parts = path.split('.');
  let node: unknown = doc;
  for (const part of parts.slice(0, -1)) node = Array.isArray(node) ? node[Number(part)] : (node as Document)[part];
  (node as Record<string, unknown>)[parts.at(-1) as string] = value;
}

/** Marks an operator's path as computed here: the result becomes a `$set` (or nothing, when unchanged). */
const NO_CHANGE = Symbol('no change');

function setInstead(out: Document, op: string, path: string, value: unknown): void {
  out[op] = withoutKey(out[op] as Document, path);
  if (value !== NO_CHANGE) out.$set = { ...(out.$set as Document | undefined), [path]: value };
}

function withoutKey(fields: Document, key: string): Document {
  const { [key]: _removed, ...rest } = fields;
  return rest;
}
