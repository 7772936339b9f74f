import type { Document } from 'bson';
import { MongoCommandError, notImplemented } from '../errors.js';
import { formatValue } from './format-value.js';
import { isPlainObject } from './path-values.js';

/**
 * Update paths with a part that starts with `$` but is a field name (`nested.data.$*._id`,
 * `x.$each`), taken out of a modifier whose positional parts are already concrete. mingo reads every
 * such part as positional, so `$set` and `$unset` of these paths are applied here; other operators on
 * them answer NotImplemented rather than a wrong result.
 */
export interface DollarFieldPaths {
  modifier: Document;
  sets: Array<[path: string, value: unknown]>;
  unsets: string[];
}

const hasDollarPart = (path: string): boolean => path.split('.').some((part) => part.startsWith('$'));

export function takeDollarFieldPaths(modifier: Document): DollarFieldPaths {
  const out: Document = {};
  const sets: Array<[string, unknown]> = [];
  const unsets: string[] = [];
  for (const [op, fields] of Object.entries(modifier)) {
    if (!isPlainObject(fields)) {
      out[op] = fields;
      continue;
    }
    const kept: Document = {};
    for (const [path, operand] of Object.entries(fields)) {
      if (!hasDollarPart(path)) kept[path] = operand;
      else if (op === '$set') sets.push([path, operand]);
      else if (op === '$unset') unsets.push(path);
      else throw notImplemented(`${op} of a path with a $-prefixed field name ('${path}')`);
    }
    if (Object.keys(kept).length > 0) out[op] = kept;
  }
  return { modifier: out, sets, unsets };
}

/** `$set` of a concrete path: creates missing documents on the way; a scalar in the way answers 28. */
export function setFieldPath(doc: Document, path: string, value: unknown): void {
  const parts = path.split('.');
  let node: unknown = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    const part = parts[i] as string;
    const container = node as Record<string, unknown>;
    let next = Array.isArray(node) ? node[Number(part)] : container[part];
    if (next === undefined || next === null) {
      next = {};
      if (Array.isArray(node)) node[Number(part)] = next;
      else container[part] = next;
    }
    if (!isPlainObject(next) && !Array.isArray(next)) {
      throw new MongoCommandError(28, 'PathNotViable', `Cannot create field '${parts[i + 1]}' in element {${part}: ${formatValue(next)}}`);
    }
    node = next;
  }
  const last = parts.at(-1) as string;
  if (Array.isArray(node)) node[Number(last)] = value;
  else (node as Record<string, unknown>)[last] = value;
}

/** `$unset` of a concrete path: removes the field if the path reaches it, else changes nothing. */
export function unsetFieldPath(doc: Document, path: string): void {
  const parts = path.split('.');
  let node: unknown = doc;
  for (const part of parts.slice(0, -1)) {
    if (Array.isArray(node)) node = node[Number(part)];
    else if (isPlainObject(node)) node = node[part];
    else return;
  }
  const last = parts.at(-1) as string;
  if (Array.isArray(node) && /^\d+$/.test(last) && Number(last) < node.length) node[Number(last)] = null;
  else if (isPlainObject(node)) delete node[last];
}
