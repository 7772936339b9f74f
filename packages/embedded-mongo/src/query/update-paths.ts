import type { Document } from 'bson';
import { Query } from 'mingo/query';
import { numericView } from './numeric-view.js';
import type { Options } from 'mingo/types';
import { MongoCommandError, badValue } from '../errors.js';
import { isPlainObject } from './path-values.js';

/**
 * The paths of an operator update, checked and resolved the way MongoDB does before anything is
 * applied: overlapping paths are a conflict (code 40), and the positional parts (`$`, `$[]`,
 * `$[id]`) become concrete array indexes found in the document as it was before the update. mingo
 * then only ever sees concrete paths, so two fields of one element can be set together (mingo
 * would call that a conflict) and a later field still finds the element an earlier one changed.
 */

const segments = (path: string): string[] => path.split('.');

function overlaps(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);
}

/** Refuses an update in which one path is another or lies inside it, as MongoDB does. */
export function assertNoConflicts(modifier: Document): void {
  const paths: string[] = [];
  for (const [op, fields] of Object.entries(modifier)) {
    if (!isPlainObject(fields)) continue;
    for (const [path, operand] of Object.entries(fields)) {
      const targets = op === '$rename' && typeof operand === 'string' ? [path, operand] : [path];
      for (const target of targets) {
        const clash = paths.find((seen) => overlaps(seen, target));
        if (clash !== undefined) {
          throw new MongoCommandError(40, 'ConflictingUpdateOperators', `Updating the path '${target}' would create a conflict at '${clash}'`);
        }
        paths.push(target);
      }
    }
  }
}

function setNested(path: string, value: unknown): Document {
  const parts = segments(path);
  let out: unknown = value;
  for (let i = parts.length - 1; i >= 0; i--) out = { [parts[i] as string]: out };
  return out as Document;
}

/** The conditions of a filter on an array path (top level and inside `$and`). */
function conditionsOn(filter: Document, arrayPath: string, out: Document[] = []): Document[] {
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(condition)) {
      for (const part of condition) if (isPlainObject(part)) conditionsOn(part, arrayPath, out);
    } else if (key === arrayPath || key.startsWith(`${arrayPath}.`)) {
      out.push({ [key]: condition });
    }
  }
  return out;
}

/** The index of the first element of `array` (at `arrayPath`) that the filter matched, or -1. */
export function positionalIndex(array: unknown[], arrayPath: string, filter: Document, options: Partial<Options>): number {
  const queries = conditionsOn(numericView(filter), arrayPath).map((condition) => new Query(condition, options));
  if (queries.length === 0) return -1;
  const test = (element: unknown) => queries.every((query) => query.test(setNested(arrayPath, [numericView(element)])));
  return array.findIndex(test);
}

export interface PathContext {
  /** The document as it was before the update. */
  doc: Document;
  filter: Document;
  arrayFilters: Document[];
  options: Partial<Options>;
}

function arrayFilterTest(identifier: string, context: PathContext): (element: unknown) => boolean {
  const condition: Document = {};
  for (const filter of context.arrayFilters) {
    for (const [key, value] of Object.entries(filter)) if (key === identifier || key.startsWith(`${identifier}.`)) condition[key] = value;
  }
  if (Object.keys(condition).length === 0) throw badValue(`No array filter found for identifier '${identifier}' in path`);
  const query = new Query(numericView(condition), context.options);
  return (element) => query.test({ [identifier]: numericView(element) });
}

function child(node: unknown, part: string): unknown {
  if (Array.isArray(node)) return /^\d+$/.test(part) ? node[Number(part)] : undefined;
  return isPlainObject(node) ? node[part] : undefined;
}

/**
 * `$`, `$[]` and `$[id]` are positional; any other part that starts with `$` is a field name (MongoDB
 * 5.0+): mongoose sends `$unset: {'nested.data.$*._id': 1}` for a Map of subdocuments, and a document
 * may hold a field named `$each`.
 */
export function isPositional(part: string): boolean {
  return part === '$' || part === '$[]' || /^\$\[\w*\]$/.test(part);
}

/** Every concrete path a (possibly positional) update path stands for in this document. */
export function concretePaths(path: string, context: PathContext): string[] {
  const parts = segments(path);
  if (!parts.some(isPositional)) return [path];
  const out: string[] = [];
  const walk = (node: unknown, i: number, prefix: string[]): void => {
    if (i === parts.length) {
      out.push(prefix.join('.'));
      return;
    }
    const part = parts[i] as string;
    if (!isPositional(part)) {
      walk(child(node, part), i + 1, [...prefix, part]);
      return;
    }
    const arrayPath = prefix.join('.');
    if (!Array.isArray(node)) throw badValue(`The path '${arrayPath}' must exist in the document in order to apply array updates.`);
    let indexes: number[];
    if (part === '$') {
      const index = positionalIndex(node, arrayPath, context.filter, context.options);
      if (index < 0) throw badValue('The positional operator did not find the match needed from the query.');
      indexes = [index];
    } else if (part === '$[]') {
      indexes = node.map((_element, index) => index);
    } else if (/^\$\[[a-z]\w*\]$/.test(part)) {
      const test = arrayFilterTest(part.slice(2, -1), context);
      indexes = node.flatMap((element, index) => (test(element) ? [index] : []));
    } else {
      throw badValue(`The array filter identifier in '${path}' is not valid: ${part}`);
    }
    for (const index of indexes) walk(node[index], i + 1, [...prefix, String(index)]);
  };
  walk(context.doc, 0, []);
  return out;
}

/** The modifier with every positional path replaced by the concrete paths it stands for. */
export function resolvePositionalPaths(modifier: Document, context: PathContext): Document {
  const out: Document = {};
  for (const [op, fields] of Object.entries(modifier)) {
    if (!isPlainObject(fields)) {
      out[op] = fields;
      continue;
    }
    const resolved: Document = {};
    for (const [path, operand] of Object.entries(fields)) for (const concrete of concretePaths(path, context)) resolved[concrete] = operand;
    if (Object.keys(resolved).length > 0) out[op] = resolved;
  }
  return out;
}
