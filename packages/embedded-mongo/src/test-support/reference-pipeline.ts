/**
 * A second, independent implementation of the aggregation stages and expressions the differential test
 * generates ($match, $sort, $skip, $limit, $project, $addFields, $unwind, $group, $count), written from
 * MongoDB's manual and sharing no code with the server (which runs pipelines on mingo). A pipeline mongod
 * would refuse throws PipelineRefused; the differential test only asks that the server refuses it too.
 */
import { bracket, compare, matches } from './reference-matcher.js';

type Value = unknown;
type Doc = Record<string, Value>;

export class PipelineRefused extends Error {}

/** A path that reaches nothing (missing), kept apart from null: in expressions missing sorts below null. */
const MISSING = Symbol('missing');

const isDoc = (v: Value): v is Doc => v !== null && typeof v === 'object' && !Array.isArray(v);
const clone = <T>(v: T): T => (v === null || typeof v !== 'object' ? v : JSON.parse(JSON.stringify(v)));

/** Expression comparison: missing below null, then MongoDB's order. */
function exprCompare(a: Value, b: Value): number {
  if (a === MISSING || b === MISSING) return (a === MISSING ? 0 : 1) - (b === MISSING ? 0 : 1);
  return compare(a, b);
}

/**
 * A field path expression: an array on the way gives the array of what its document elements reach; any
 * other element, a nested array included, is skipped (mongod's ExpressionFieldPath::evaluatePathArray).
 */
function fieldPath(node: Value, parts: string[]): Value {
  if (parts.length === 0) return node;
  if (Array.isArray(node)) {
    const out: Value[] = [];
    for (const e of node) {
      if (!isDoc(e)) continue;
      const v = fieldPath(e, parts);
      if (v !== MISSING) out.push(v);
    }
    return out;
  }
  if (!isDoc(node) || !Object.prototype.hasOwnProperty.call(node, parts[0] as string)) return MISSING;
  return fieldPath(node[parts[0] as string], parts.slice(1));
}

function typeName(v: Value): string {
  if (v === MISSING) return 'missing';
  if (v === null) return 'null';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'double';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  return Array.isArray(v) ? 'array' : 'object';
}

function evaluate(doc: Doc, expr: Value): Value {
  if (typeof expr === 'string' && expr.startsWith('$')) return fieldPath(doc, expr.slice(1).split('.'));
  if (!isDoc(expr)) return expr;
  const [op, raw] = Object.entries(expr)[0] as [string, Value];
  const args = (Array.isArray(raw) ? raw : [raw]).map((a) => evaluate(doc, a));
  const [x, y, z] = args;
  switch (op) {
    case '$type': return typeName(x);
    case '$isArray': return Array.isArray(x);
    case '$ifNull': return x === null || x === MISSING ? y : x;
    case '$eq': return exprCompare(x, y) === 0;
    case '$gt': return exprCompare(x, y) > 0;
    case '$gte': return exprCompare(x, y) >= 0;
    case '$cond': return x === true ? y : z;
    case '$add': {
      if (args.some((a) => a === null || a === MISSING)) return null;
      if (args.some((a) => typeof a !== 'number')) throw new PipelineRefused('$add of a non-number');
      return (args as number[]).reduce((s, n) => s + n, 0);
    }
    case '$size':
      if (!Array.isArray(x)) throw new PipelineRefused('$size of a non-array');
      return x.length;
    default: throw new Error(`reference pipeline: no ${op}`);
  }
}

/** Sort key of a top-level field: arrays give their smallest (ascending) or largest (descending) element, [] below null. */
function sortKey(doc: Doc, field: string, direction: number): Value {
  const v = Object.prototype.hasOwnProperty.call(doc, field) ? doc[field] : null;
  if (!Array.isArray(v)) return v;
  if (v.length === 0) return MISSING;
  return v.reduce((best, e) => (direction * exprCompare(e, best) < 0 ? e : best));
}

function project(node: Value, parts: string[], include: boolean): Value {
  if (Array.isArray(node)) {
    const out: Value[] = [];
    for (const e of node) {
      if (isDoc(e) || Array.isArray(e)) out.push(project(e, parts, include));
      else if (!include) out.push(e);
    }
    return out;
  }
  if (!isDoc(node)) return include ? MISSING : node;
  const [head, ...rest] = parts as [string, ...string[]];
  const out: Doc = {};
  for (const [key, value] of Object.entries(node)) {
    if (key !== head) {
      if (!include) out[key] = value;
      continue;
    }
    if (rest.length === 0) {
      if (include) out[key] = value;
      continue;
    }
    const sub = isDoc(value) || Array.isArray(value) ? project(value, rest, include) : include ? MISSING : value;
    if (sub !== MISSING) out[key] = sub;
  }
  return out;
}

function group(docs: Doc[], spec: Doc): Doc[] {
  const groups: { key: Value; docs: Doc[] }[] = [];
  for (const doc of docs) {
    let key = evaluate(doc, spec._id);
    if (key === MISSING) key = null;
    const found = groups.find((g) => bracket(g.key) === bracket(key) && compare(g.key, key) === 0);
    if (found) found.docs.push(doc);
    else groups.push({ key, docs: [doc] });
  }
  return groups.map(({ key, docs: members }) => {
    const out: Doc = { _id: key };
    for (const [name, accumulator] of Object.entries(spec)) {
      if (name === '_id') continue;
      const [op, arg] = Object.entries(accumulator as Doc)[0] as [string, Value];
      const values = members.map((d) => evaluate(d, arg));
      const present = values.filter((v) => v !== MISSING);
      const comparable = present.filter((v) => v !== null);
      if (op === '$sum') out[name] = values.filter((v) => typeof v === 'number').reduce((s: number, n) => s + (n as number), 0);
      else if (op === '$push') out[name] = present;
      else if (op === '$max') out[name] = comparable.length ? comparable.reduce((m, v) => (compare(v, m) > 0 ? v : m)) : null;
      else if (op === '$min') out[name] = comparable.length ? comparable.reduce((m, v) => (compare(v, m) < 0 ? v : m)) : null;
      else if (op === '$first') out[name] = values[0] === MISSING ? null : values[0];
      else throw new Error(`reference pipeline: no ${op}`);
    }
    return out;
  });
}

export function runReferencePipeline(input: Doc[], pipeline: Doc[]): Doc[] {
  let docs = input.map(clone);
  for (const stage of pipeline) {
    const [name, spec] = Object.entries(stage)[0] as [string, Value];
    if (name === '$match') docs = docs.filter((d) => matches(d, spec as Doc));
    else if (name === '$sort') {
      const [field, direction] = Object.entries(spec as Doc)[0] as [string, number];
      docs = docs
        .map((d, i) => ({ d, i }))
        .sort((x, y) => direction * exprCompare(sortKey(x.d, field, direction), sortKey(y.d, field, direction)) || exprCompare(sortKey(x.d, '_id', 1), sortKey(y.d, '_id', 1)) || x.i - y.i)
        .map(({ d }) => d);
    } else if (name === '$skip') docs = docs.slice(spec as number);
    else if (name === '$limit') docs = docs.slice(0, spec as number);
    else if (name === '$project') {
      const [path, flag] = Object.entries(spec as Doc)[0] as [string, number];
      const include = flag === 1;
      docs = docs.map((d) => {
        const projected = project(d, path.split('.'), include) as Doc;
        return include && '_id' in d ? { _id: d._id, ...projected } : projected;
      });
    } else if (name === '$addFields') {
      docs = docs.map((d) => {
        const out = { ...d };
        for (const [field, expr] of Object.entries(spec as Doc)) {
          const value = evaluate(d, expr);
          if (value === MISSING) delete out[field];
          else out[field] = value;
        }
        return out;
      });
    } else if (name === '$unwind') {
      const field = (spec as string).slice(1);
      docs = docs.flatMap((d) => {
        const v = d[field];
        if (v === undefined || v === null) return [];
        if (!Array.isArray(v)) return [d];
        return v.map((e) => ({ ...d, [field]: e }));
      });
    } else if (name === '$group') docs = group(docs, spec as Doc);
    else if (name === '$count') docs = docs.length ? [{ [spec as string]: docs.length }] : [];
    else throw new Error(`reference pipeline: no ${name}`);
  }
  return docs;
}
