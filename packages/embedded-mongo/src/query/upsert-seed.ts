import { BSONRegExp, type Document } from 'bson';
import { MongoCommandError } from '../errors.js';
import { cloneValue } from './clone-document.js';
import { isPlainObject } from './path-values.js';

/**
 * The document an upsert starts from, as mongod seeds it (jstests upsert_fields.js): the filter's
 * equalities at the top level and inside `$and`, an `$or` of one clause read as that clause; `$eq`, an
 * `$in` or `$all` of one value count as equalities, and so does a plain value that is not a regular
 * expression (`{$eq: /re/}` is copied). A path matched twice, or a path and one inside it, answers
 * NotSingleValueField (54); `$all` of several values on one path too. `only` limits the seed to one
 * field (a replacement takes `_id` alone, and refuses `_id.x`).
 */
export function upsertSeed(filter: Document, only?: string): Document {
  const equalities: Array<[string, unknown]> = [];
  collect(filter, equalities);
  const chosen = only === undefined ? equalities : equalities.filter(([path]) => path === only || path.startsWith(`${only}.`));
  if (only !== undefined && chosen.some(([path]) => path !== only)) {
    throw notSingle(`Invalid path for the query: the field '${only}' cannot be inferred from a dotted path in a replacement`);
  }
  const seed: Document = {};
  const seen: string[] = [];
  for (const [path, value] of chosen) {
    if (value === MATCHED_TWICE) throw notSingle(`cannot infer query fields to set, path '${path}' is matched twice`);
    const clash = seen.find((other) => other === path || other.startsWith(`${path}.`) || path.startsWith(`${other}.`));
    if (clash !== undefined) throw notSingle(clash === path ? `cannot infer query fields to set, path '${path}' is matched twice` : `cannot infer query fields to set, both paths '${clash}' and '${path}' are matched`);
    seen.push(path);
    setPath(seed, path, cloneValue(value));
  }
  return seed;
}

function collect(filter: Document, out: Array<[string, unknown]>): void {
  for (const [path, cond] of Object.entries(filter)) {
    if (path === '$and' && Array.isArray(cond)) {
      for (const part of cond) if (isPlainObject(part)) collect(part, out);
      continue;
    }
    if (path === '$or' && Array.isArray(cond) && cond.length === 1 && isPlainObject(cond[0])) {
      collect(cond[0], out);
      continue;
    }
    if (path.startsWith('$')) continue;
    if (isPlainObject(cond) && Object.keys(cond).some((k) => k.startsWith('$'))) {
      if ('$eq' in cond) out.push([path, cond.$eq]);
      else if (Array.isArray(cond.$in) && cond.$in.length === 1 && !isRegex(cond.$in[0])) out.push([path, cond.$in[0]]);
      else if (Array.isArray(cond.$all)) {
        const values = cond.$all.filter((v) => !(isPlainObject(v) && '$elemMatch' in v));
        if (values.length === 1 && !isRegex(values[0])) out.push([path, values[0]]);
        else if (values.length > 1) out.push([path, MATCHED_TWICE]);
      }
      continue;
    }
    if (!isRegex(cond)) out.push([path, cond]);
  }
}

/** `$all` of several values: the path's value cannot be inferred (an error only if the path is seeded). */
const MATCHED_TWICE = Symbol('matched twice');

const isRegex = (value: unknown): boolean => value instanceof RegExp || value instanceof BSONRegExp;

function notSingle(message: string): MongoCommandError {
  return new MongoCommandError(54, 'NotSingleValueField', message);
}

function setPath(target: Document, path: string, value: unknown): void {
  const parts = path.split('.');
  let node: Document = target;
  for (const part of parts.slice(0, -1)) {
    if (!isPlainObject(node[part])) node[part] = {};
    node = node[part] as Document;
  }
  node[parts.at(-1) as string] = value;
}
