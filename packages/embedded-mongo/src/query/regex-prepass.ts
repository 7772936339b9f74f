import type { Document } from 'bson';
import type { Collection } from '../storage/collection.js';
import type { StorageEngine } from '../storage/storage-engine.js';
import { isPlainObject, pathValues } from './path-values.js';
import { type GuardedRegExp, guardRegex } from './regex-guard.js';
import { execInWorker } from './regex-worker.js';

/**
 * Before a command whose filter holds a regular expression re2 refuses (a lookaround, a backreference),
 * its V8 matching is done ahead on the regex worker for every string the filter's paths reach in the
 * collection, asynchronously: the server's thread serves other clients meanwhile, and the command's
 * synchronous scan then finds the results ready. A pattern that backtracks past the budget answers
 * error 50 here, without having held the thread.
 */

interface FoundRegex {
  path: string;
  pattern: GuardedRegExp;
}

function regexOf(value: unknown, options: unknown): GuardedRegExp | undefined {
  if (value instanceof RegExp) return guardRegex(value, typeof options === 'string' ? options : '');
  if (typeof value === 'string') return guardRegex(value, typeof options === 'string' ? options : '');
  return undefined;
}

function collect(filter: unknown, prefix: string, out: FoundRegex[]): void {
  if (!isPlainObject(filter)) return;
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$and' || key === '$or' || key === '$nor') {
      if (Array.isArray(condition)) for (const branch of condition) collect(branch, prefix, out);
      continue;
    }
    if (key.startsWith('$')) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    collectCondition(path, condition, out);
  }
}

function collectCondition(path: string, condition: unknown, out: FoundRegex[]): void {
  if (condition instanceof RegExp) {
    out.push({ path, pattern: guardRegex(condition) });
    return;
  }
  if (!isPlainObject(condition)) return;
  for (const [op, operand] of Object.entries(condition)) {
    if (op === '$regex') {
      const pattern = regexOf(operand, condition.$options);
      if (pattern) out.push({ path, pattern });
    } else if ((op === '$in' || op === '$nin' || op === '$all') && Array.isArray(operand)) {
      for (const element of operand) if (element instanceof RegExp) out.push({ path, pattern: guardRegex(element) });
    } else if (op === '$not') {
      collectCondition(path, operand, out);
    } else if (op === '$elemMatch') {
      collect(operand, path, out);
      collectCondition(path, operand, out);
    }
  }
}

/** The filters a command runs against its collection, with that collection's name. */
function commandFilters(command: Document): { collection: unknown; filters: unknown[] } {
  const name = Object.keys(command)[0];
  switch (name) {
    case 'find':
      return { collection: command.find, filters: [command.filter] };
    case 'count':
    case 'distinct':
      return { collection: command[name], filters: [command.query] };
    case 'findAndModify':
    case 'findandmodify':
      return { collection: command[name], filters: [command.query] };
    case 'delete':
      return { collection: command.delete, filters: ((command.deletes as Document[] | undefined) ?? []).map((d) => d.q) };
    case 'update':
      return { collection: command.update, filters: ((command.updates as Document[] | undefined) ?? []).map((u) => u.q) };
    case 'aggregate': {
      const first = (command.pipeline as Document[] | undefined)?.[0];
      return { collection: command.aggregate, filters: [isPlainObject(first) ? first.$match : undefined] };
    }
    default:
      return { collection: undefined, filters: [] };
  }
}

/**
 * Runs the V8-only regular expressions of a command's filters on the worker; error 50 past `budgetMs`.
 * Returns undefined, synchronously, when there is nothing to run (nearly every command), so those pay
 * no extra turn of the event loop.
 */
export function prepareRegexes(command: Document, storage: StorageEngine, db: string, budgetMs: number): Promise<void> | undefined {
  const { collection: name, filters } = commandFilters(command);
  if (typeof name !== 'string' || filters.every((filter) => filter === undefined)) return undefined;
  const found: FoundRegex[] = [];
  try {
    for (const filter of filters) collect(filter, '', found);
  } catch {
    return undefined; // A malformed pattern: the command itself answers the error.
  }
  const slow = found.filter((entry) => !entry.pattern.linear);
  const collection = storage.collection(db, name);
  if (slow.length === 0 || !collection) return undefined;
  return runAhead(slow, collection, budgetMs);
}

async function runAhead(slow: FoundRegex[], collection: Collection, budgetMs: number): Promise<void> {
  const deadline = performance.now() + budgetMs;
  for (const { path, pattern } of slow) {
    const inputs = new Set<string>();
    for (const doc of collection.docs.values()) {
      for (const value of pathValues(doc, path)) {
        if (typeof value === 'string') inputs.add(value);
        else if (Array.isArray(value)) for (const element of value) if (typeof element === 'string') inputs.add(element);
      }
    }
    const list = [...inputs];
    const results = await execInWorker(pattern.source, pattern.flags, list, deadline - performance.now());
    if (results) results.forEach((result, i) => pattern.remember(list[i] as string, result));
  }
}
