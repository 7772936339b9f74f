/**
 * A second, independent implementation of MongoDB's query semantics for the small language the
 * differential test generates (numbers, strings, booleans, null, arrays, subdocuments; comparison,
 * `$in`/`$nin`, `$exists`, `$size`, `$all`, `$elemMatch`, `$not`, `$and`/`$or`/`$nor`), written from
 * MongoDB's manual and mongod's jstests, sharing no code with the server (which builds on mingo).
 */
type Value = unknown;
type Doc = Record<string, Value>;

const isDoc = (v: Value): v is Doc => v !== null && typeof v === 'object' && !Array.isArray(v);

/** MongoDB's type brackets for the generated values: comparisons never cross them. */
export function bracket(v: Value): number {
  if (v === null || v === undefined) return 1;
  if (typeof v === 'number') return 2;
  if (typeof v === 'string') return 3;
  if (isDoc(v)) return 4;
  if (Array.isArray(v)) return 5;
  if (typeof v === 'boolean') return 8;
  throw new Error(`unexpected value ${String(v)}`);
}

/** Total order inside and across brackets (arrays compare element-wise, documents field by field). */
export function compare(a: Value, b: Value): number {
  const ba = bracket(a);
  const bb = bracket(b);
  if (ba !== bb) return ba - bb;
  if (ba === 1) return 0;
  if (ba === 2 || ba === 3) return a === b ? 0 : (a as number | string) < (b as number | string) ? -1 : 1;
  if (ba === 8) return Number(a) - Number(b);
  if (ba === 5) {
    const x = a as Value[];
    const y = b as Value[];
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      const c = compare(x[i], y[i]);
      if (c !== 0) return c;
    }
    return x.length - y.length;
  }
  const ka = Object.keys(a as Doc);
  const kb = Object.keys(b as Doc);
  // Field by field as BSONObj::woCompare: the value's type bracket, then the field name, then the value.
  for (let i = 0; i < Math.min(ka.length, kb.length); i++) {
    const va = (a as Doc)[ka[i] as string];
    const vb = (b as Doc)[kb[i] as string];
    if (bracket(va) !== bracket(vb)) return bracket(va) - bracket(vb);
    if (ka[i] !== kb[i]) return (ka[i] as string) < (kb[i] as string) ? -1 : 1;
    const c = compare(va, vb);
    if (c !== 0) return c;
  }
  return ka.length - kb.length;
}

/** The values a dotted path reaches: arrays on the way are entered (their document elements), a numeric part also indexes. */
function reached(node: Value, parts: string[], i = 0): Value[] {
  if (i === parts.length) return [node];
  const part = parts[i] as string;
  if (Array.isArray(node)) {
    const out: Value[] = [];
    if (/^\d+$/.test(part) && Number(part) < node.length) out.push(...reached(node[Number(part)], parts, i + 1));
    for (const e of node) if (isDoc(e)) out.push(...reached(e, parts, i));
    return out;
  }
  if (isDoc(node) && Object.prototype.hasOwnProperty.call(node, part)) return reached(node[part], parts, i + 1);
  return [];
}

/** What a comparison looks at: each reached value, and the elements of a reached array. */
function candidates(doc: Doc, path: string): Value[] {
  const out: Value[] = [];
  for (const v of reached(doc, path.split('.'))) {
    out.push(v);
    if (Array.isArray(v)) out.push(...v);
  }
  return out;
}

/** `{path: null}`: the path is missing or null somewhere it leads (jstests null_query_semantics.js). */
function nullAt(node: Value, parts: string[], i = 0): boolean {
  if (i === parts.length) return node === null || node === undefined || (Array.isArray(node) && node.includes(null));
  if (Array.isArray(node)) {
    if (node.length === 0) return true;
    return node.some((e) => (isDoc(e) ? nullAt(e[parts[i] as string], parts, i + 1) : true));
  }
  if (isDoc(node)) return nullAt(node[parts[i] as string], parts, i + 1);
  return true;
}

function equals(doc: Doc, path: string, wanted: Value): boolean {
  if (wanted === null) return nullAt(doc, path.split('.'));
  return candidates(doc, path).some((v) => bracket(v) === bracket(wanted) && compare(v, wanted) === 0);
}

function range(doc: Doc, path: string, wanted: Value, test: (c: number) => boolean): boolean {
  if (wanted === null) return test(0) && equals(doc, path, null);
  return candidates(doc, path).some((v) => bracket(v) === bracket(wanted) && test(compare(v, wanted)));
}

function operator(doc: Doc, path: string, op: string, arg: Value): boolean {
  switch (op) {
    case '$eq': return equals(doc, path, arg);
    case '$ne': return !equals(doc, path, arg);
    case '$gt': return range(doc, path, arg, (c) => c > 0);
    case '$gte': return range(doc, path, arg, (c) => c >= 0);
    case '$lt': return range(doc, path, arg, (c) => c < 0);
    case '$lte': return range(doc, path, arg, (c) => c <= 0);
    case '$in': return (arg as Value[]).some((v) => equals(doc, path, v));
    case '$nin': return !(arg as Value[]).some((v) => equals(doc, path, v));
    case '$exists': return (reached(doc, path.split('.')).length > 0) === Boolean(arg);
    case '$size': return reached(doc, path.split('.')).some((v) => Array.isArray(v) && v.length === arg);
    case '$all': return (arg as Value[]).length > 0 && (arg as Value[]).every((v) => equals(doc, path, v));
    case '$not': return !condition(doc, path, arg);
    case '$elemMatch': {
      // mongod's elemmatch_value.js and elemmatch_object.js: operator conditions take an element that is an
      // array whole ([[5]] does not match {$gt: 4}); field conditions read it as a document keyed "0", "1"….
      const spec = arg as Doc;
      const onValues = Object.keys(spec).every((k) => k.startsWith('$'));
      const asDoc = (e: Value[]): Doc => Object.fromEntries(e.map((x, i) => [String(i), x]));
      return reached(doc, path.split('.')).some(
        (v) =>
          Array.isArray(v) &&
          v.some((e) => {
            if (!onValues) return isDoc(e) ? matches(e, spec) : Array.isArray(e) && matches(asDoc(e), spec);
            return Array.isArray(e) ? Object.entries(spec).every(([inner, operand]) => wholeArray(e, inner, operand)) : condition({ v: e }, 'v', spec);
          }),
      );
    }
    default: throw new Error(`reference matcher: no ${op}`);
  }
}

/** An operator applied to an array as one value, not to its elements. */
function wholeArray(e: Value[], op: string, arg: Value): boolean {
  const same = bracket(arg) === bracket(e);
  switch (op) {
    case '$eq': return same && compare(e, arg) === 0;
    case '$ne': return !(same && compare(e, arg) === 0);
    case '$gt': return same && compare(e, arg) > 0;
    case '$lt': return same && compare(e, arg) < 0;
    default: throw new Error(`reference matcher: no ${op} on a whole array`);
  }
}

function condition(doc: Doc, path: string, cond: Value): boolean {
  if (isDoc(cond) && Object.keys(cond).length > 0 && Object.keys(cond).every((k) => k.startsWith('$'))) {
    return Object.entries(cond).every(([op, arg]) => operator(doc, path, op, arg));
  }
  return equals(doc, path, cond);
}

export function matches(doc: Doc, filter: Doc): boolean {
  return Object.entries(filter).every(([key, cond]) => {
    if (key === '$and') return (cond as Doc[]).every((f) => matches(doc, f));
    if (key === '$or') return (cond as Doc[]).some((f) => matches(doc, f));
    if (key === '$nor') return !(cond as Doc[]).some((f) => matches(doc, f));
    return condition(doc, key, cond);
  });
}
