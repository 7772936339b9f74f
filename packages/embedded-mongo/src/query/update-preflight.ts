import { Binary, type Document } from 'bson';
import { Query } from 'mingo/query';
import type { Options } from 'mingo/types';
import { MongoCommandError } from '../errors.js';
import { bsonTypeAlias } from './bson-type.js';
import { formatValue } from './format-value.js';
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
    } else if (node === null || node === undefined) {
      return { kind: 'missing' };
    } else {
      const parent = parts.slice(0, i).join('.');
      throw new MongoCommandError(28, 'PathNotViable', `Cannot create field '${part}' in element {${parent}: ${formatValue(node)}}`);
    }
  }
  return { kind: 'value', value: node };
}

export interface PreflightResult {
  /** What mingo applies. */
  modifier: Document;
  /** Assignments mingo would skip as no change (a Binary differing only in subtype), made directly. */
  direct: Array<[path: string, value: unknown]>;
}

const LOGICAL = new Set(['$or', '$and', '$nor']);

/** A `$pull` condition that is a query on the elements' fields (with `$or`/`$and`/`$nor`), which mingo misreads as a value condition. */
function isLogicalPull(operand: unknown): operand is Document {
  if (!isPlainObject(operand)) return false;
  const keys = Object.keys(operand);
  return keys.some((key) => LOGICAL.has(key)) && keys.every((key) => LOGICAL.has(key) || !key.startsWith('$'));
}

/**
 * Checks an operator update (with concrete paths) against the document before mingo applies it,
 * answering MongoDB's errors where mingo would quietly skip the change, and does what mingo gets
 * wrong: int64 arithmetic, `$pull` with logical conditions (both become `$set`s of the result) and
 * a Binary's subtype change.
 */
export function preflightUpdate(doc: Document, modifier: Document, queryOptions: Partial<Options>): PreflightResult {
  const out: Document = { ...modifier };
  const direct: Array<[string, unknown]> = [];
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
      if (op === '$pull' && isLogicalPull(operand) && Array.isArray(current)) {
        const query = new Query(operand, queryOptions);
        const kept = current.filter((element) => !(isPlainObject(element) && query.test(element)));
        out[op] = withoutKey(out[op] as Document, path);
        if (kept.length !== current.length) out.$set = { ...(out.$set as Document | undefined), [path]: kept };
        continue;
      }
      if (ARITHMETIC.has(op)) {
        const numeric = typeof current === 'number' || typeof current === 'bigint';
        if (!numeric && reached.kind === 'value') {
          throw new MongoCommandError(14, 'TypeMismatch', `Cannot apply ${op} to a value of non-numeric type. {_id: ${formatValue(doc._id)}} has the field '${path}' of non-numeric type ${bsonTypeAlias(current)}`);
        }
        if (typeof current === 'bigint' || typeof operand === 'bigint') {
          const result = bigintArithmetic(op, current, operand);
          if (result !== undefined) {
            out[op] = withoutKey(out[op] as Document, path);
            out.$set = { ...(out.$set as Document | undefined), [path]: result };
          }
        }
      } else if (ARRAY_OPERATORS.has(op) && !Array.isArray(current) && current !== undefined) {
        throw new MongoCommandError(2, 'BadValue', `The field '${path}' must be an array but is of type ${bsonTypeAlias(current)} in document {_id: ${formatValue(doc._id)}}`);
      }
    }
    if (isPlainObject(out[op]) && Object.keys(out[op] as Document).length === 0) delete out[op];
  }
  return { modifier: out, direct };
}

/** Sets a concrete path whose parent exists (preflight reached its current value). */
export function assignPath(doc: Document, path: string, value: unknown): void {
  const parts = path.split('.');
  let node: unknown = doc;
  for (const part of parts.slice(0, -1)) node = Array.isArray(node) ? node[Number(part)] : (node as Document)[part];
  (node as Record<string, unknown>)[parts.at(-1) as string] = value;
}

function bigintArithmetic(op: string, current: unknown, operand: unknown): bigint | undefined {
  const toBig = (v: unknown): bigint | undefined =>
    typeof v === 'bigint' ? v : typeof v === 'number' && Number.isInteger(v) ? BigInt(v) : v === undefined ? 0n : undefined;
  const a = toBig(current);
  const b = toBig(operand);
  if (a === undefined || b === undefined) return undefined;
  return op === '$inc' ? a + b : a * b;
}

function withoutKey(fields: Document, key: string): Document {
  const { [key]: _removed, ...rest } = fields;
  return rest;
}
