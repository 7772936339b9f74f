/**
 * A second, independent implementation of MongoDB's update operators for the values the differential
 * test generates (numbers, strings, booleans, null, arrays, subdocuments), written from MongoDB's manual
 * (update operators, "Update Operators Behavior") and sharing no code with the server. Fields are applied
 * in lexicographic order of their paths, as mongod (5.0+) does, so new fields land in that order.
 * A refusal is thrown as UpdateRefused: the differential test only asks that the server refuses too.
 */
import { bracket, compare, matches } from './reference-matcher.js';

type Value = unknown;
type Doc = Record<string, Value>;

export class UpdateRefused extends Error {}

const isDoc = (v: Value): v is Doc => v !== null && typeof v === 'object' && !Array.isArray(v);
const clone = (v: Value): Value => (v === null || typeof v !== 'object' ? v : JSON.parse(JSON.stringify(v)));
const same = (a: Value, b: Value): boolean => bracket(a) === bracket(b) && compare(a, b) === 0;
const isIndex = (part: string): boolean => /^\d+$/.test(part);

/** The container holding the last part of a path, created on the way when `create`; undefined when the path cannot lead there. */
function parent(doc: Doc, parts: string[], create: boolean): Doc | Value[] | undefined {
  let node: Value = doc;
  for (const part of parts.slice(0, -1)) {
    if (Array.isArray(node)) {
      if (!isIndex(part)) {
        if (create) throw new UpdateRefused(`cannot create field '${part}' in an array`);
        return undefined;
      }
      const index = Number(part);
      if (node[index] === undefined || node[index] === null) {
        if (!create || node[index] === null) {
          if (create) throw new UpdateRefused(`cannot create field in null element`);
          return undefined;
        }
        while (node.length < index) node.push(null);
        node[index] = {};
      }
      node = node[index];
    } else if (isDoc(node)) {
      if (!(part in node)) {
        if (!create) return undefined;
        node[part] = {};
      }
      node = node[part];
    } else {
      if (create) throw new UpdateRefused(`cannot create field '${part}' in a ${typeof node}`);
      return undefined;
    }
  }
  if (Array.isArray(node) || isDoc(node)) return node;
  if (create) throw new UpdateRefused('path leads through a scalar');
  return undefined;
}

function get(container: Doc | Value[], last: string): Value {
  if (Array.isArray(container)) return isIndex(last) ? container[Number(last)] : undefined;
  return Object.prototype.hasOwnProperty.call(container, last) ? container[last] : undefined;
}

function put(container: Doc | Value[], last: string, value: Value): void {
  if (Array.isArray(container)) {
    if (!isIndex(last)) throw new UpdateRefused(`cannot create field '${last}' in an array`);
    const index = Number(last);
    while (container.length < index) container.push(null);
    container[index] = value;
  } else container[last] = value;
}

function removeField(container: Doc | Value[], last: string): void {
  if (Array.isArray(container)) {
    if (isIndex(last) && Number(last) < container.length) container[Number(last)] = null;
  } else delete container[last];
}

type Apply = (current: Value, present: boolean, arg: Value) => { set: Value } | 'unset' | 'keep';

const numeric = (v: Value): boolean => typeof v === 'number';

const OPERATORS: Record<string, Apply> = {
  $set: (_c, _p, arg) => ({ set: clone(arg) }),
  $unset: (_c, present) => (present ? 'unset' : 'keep'),
  $inc: (c, present, arg) => {
    if (!present) return { set: arg };
    if (!numeric(c)) throw new UpdateRefused('$inc of a non-number');
    return { set: (c as number) + (arg as number) };
  },
  $mul: (c, present, arg) => {
    if (!present) return { set: 0 };
    if (!numeric(c)) throw new UpdateRefused('$mul of a non-number');
    return { set: (c as number) * (arg as number) };
  },
  $min: (c, present, arg) => (!present || compare(arg, c) < 0 ? { set: clone(arg) } : 'keep'),
  $max: (c, present, arg) => (!present || compare(arg, c) > 0 ? { set: clone(arg) } : 'keep'),
  $push: (c, present, arg) => {
    if (!present) return { set: [clone(arg)] };
    if (!Array.isArray(c)) throw new UpdateRefused('$push onto a non-array');
    return { set: [...c, clone(arg)] };
  },
  $addToSet: (c, present, arg) => {
    if (!present) return { set: [clone(arg)] };
    if (!Array.isArray(c)) throw new UpdateRefused('$addToSet onto a non-array');
    return c.some((e) => same(e, arg)) ? 'keep' : { set: [...c, clone(arg)] };
  },
  $pop: (c, present, arg) => {
    if (!present) return 'keep';
    if (!Array.isArray(c)) throw new UpdateRefused('$pop of a non-array');
    if (c.length === 0) return 'keep';
    return { set: arg === 1 ? c.slice(0, -1) : c.slice(1) };
  },
  $pull: (c, present, arg) => {
    if (!present) return 'keep';
    if (!Array.isArray(c)) throw new UpdateRefused('$pull from a non-array');
    // A condition of operators applies to each element as a value; anything else is an equal value.
    const isCondition = isDoc(arg) && Object.keys(arg).length > 0 && Object.keys(arg).every((k) => k.startsWith('$'));
    return { set: c.filter((e) => !(isCondition ? matches({ v: e }, { v: arg }) : same(e, arg))) };
  },
};

/** The updated copy of `doc`, or UpdateRefused. `$rename` takes top-level fields only. */
export function applyReferenceUpdate(doc: Doc, update: Record<string, Record<string, Value>>): Doc {
  const next = clone(doc) as Doc;
  const steps: [string, string, Value][] = [];
  for (const [op, fields] of Object.entries(update)) for (const [path, arg] of Object.entries(fields)) steps.push([path, op, arg]);
  const touched = steps.flatMap(([path, op, arg]) => (op === '$rename' ? [path, arg as string] : [path]));
  for (const a of touched) for (const b of touched) if (a !== b && b.startsWith(`${a}.`)) throw new UpdateRefused(`conflict between ${a} and ${b}`);
  if (new Set(touched).size !== touched.length) throw new UpdateRefused('a path updated twice');
  steps.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
  for (const [path, op, arg] of steps) {
    if (op === '$rename') {
      if (!(path in next)) continue;
      const value = next[path];
      delete next[path];
      next[arg as string] = value;
      continue;
    }
    const parts = path.split('.');
    const last = parts[parts.length - 1] as string;
    const apply = OPERATORS[op];
    if (!apply) throw new Error(`reference updater: no ${op}`);
    const lookup = parent(next, parts, false);
    const present = lookup !== undefined && get(lookup, last) !== undefined;
    // mongod's modifier nodes: only $unset lets a path that could not be created (through a scalar, or a
    // field name into an array) pass as a no-op; for the others it is PathNotViable (28) even when they
    // would change nothing ($pop, $pull of a missing field).
    if (!present && op !== '$unset') {
      const holder = parent(clone(next) as Doc, parts, true);
      if (Array.isArray(holder) && !isIndex(last)) throw new UpdateRefused(`cannot create field '${last}' in an array`);
    }
    const outcome = apply(present ? get(lookup as Doc, last) : undefined, present, arg);
    if (outcome === 'keep') continue;
    if (outcome === 'unset') {
      if (lookup) removeField(lookup, last);
      continue;
    }
    put(parent(next, parts, true) as Doc | Value[], last, outcome.set);
  }
  return next;
}
