import type { Document } from 'bson';
import { Decimal128, ObjectId } from 'bson';
import { indexKey } from './index-key.js';
import type { Matcher } from './matcher.js';
import { isPlainObject, pathValues } from './path-values.js';

type Test = (doc: Document) => boolean;

/** Values whose equality is the same under MongoDB and under `indexKey` (numbers are left to mingo). */
function isPlainScalar(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'boolean' || value instanceof ObjectId || value instanceof Date;
}

/** A path equals one of the wanted values when a value it reaches, or an element of one, does. */
function pathEquals(path: string, wanted: unknown[]): Test {
  const keys = new Set(wanted.map(indexKey));
  return (doc) => {
    for (const value of pathValues(doc, path)) {
      if (Array.isArray(value)) {
        for (const element of value) if (!Array.isArray(element) && !isPlainObject(element) && keys.has(indexKey(element))) return true;
      } else if (keys.has(indexKey(value))) return true;
    }
    return false;
  };
}

function conditionTest(path: string, condition: unknown): Test | undefined {
  if (isPlainScalar(condition)) return pathEquals(path, [condition]);
  if (!isPlainObject(condition) || (condition instanceof Decimal128)) return undefined;
  const operators = Object.keys(condition);
  if (operators.length !== 1) return undefined;
  if (operators[0] === '$eq' && isPlainScalar(condition.$eq)) return pathEquals(path, [condition.$eq]);
  if (operators[0] === '$in' && Array.isArray(condition.$in) && condition.$in.length > 0 && condition.$in.every(isPlainScalar)) {
    return pathEquals(path, condition.$in);
  }
  return undefined;
}

function filterTest(filter: Document): Test | undefined {
  const tests: Test[] = [];
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$or' || key === '$and') {
      if (!Array.isArray(condition) || condition.length === 0 || !condition.every(isPlainObject)) return undefined;
      const branches: Test[] = [];
      for (const branch of condition as Document[]) {
        const test = filterTest(branch);
        if (!test) return undefined;
        branches.push(test);
      }
      tests.push(key === '$or' ? (doc) => branches.some((test) => test(doc)) : (doc) => branches.every((test) => test(doc)));
      continue;
    }
    if (key.startsWith('$') || key.length === 0) return undefined;
    const test = conditionTest(key, condition);
    if (!test) return undefined;
    tests.push(test);
  }
  return (doc) => tests.every((test) => test(doc));
}

/**
 * The filters the platform's own hot paths send (equalities and `$in` on strings, ObjectIds, dates and
 * booleans, joined by `$and`/`$or`), answered without compiling a mingo query for every command; undefined
 * for anything else, which mingo answers.
 */
export function compileEqualityFilter(filter: Document): Matcher | undefined {
  const test = filterTest(filter);
  return test ? { test } : undefined;
}
