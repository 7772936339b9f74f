import type { Document } from 'bson';
import { Aggregator } from 'mingo/aggregator';
import type { Options } from 'mingo/types';
import { badValue } from '../errors.js';
import { elemMatchElementTest, mingoOptions } from './mingo-context.js';
import { toCommandError } from './mingo-errors.js';
import { rewriteExpression } from './field-path-expressions.js';
import { numericView } from './numeric-view.js';
import { isPlainObject } from './path-values.js';
import { movesOnly } from './typed-pipeline.js';
import { positionalIndex } from './update-paths.js';

/**
 * A find projection as MongoDB applies it. mingo does the plain inclusions, exclusions and
 * expressions; the array operators are applied here from the stored document, because mingo
 * misreads them: a positional `a.$` (mingo answers null), `$elemMatch` with an operator-only
 * condition (`{$gt: 1}`), and `$slice` beside an exclusion (mingo calls that a mix).
 */

type ArrayRule =
  | { kind: 'positional'; path: string }
  | { kind: 'elemMatch'; path: string; condition: Document }
  | { kind: 'slice'; path: string; spec: unknown };

const isTrue = (rule: unknown): boolean => rule === true || (typeof rule === 'number' && rule !== 0);
const isFalse = (rule: unknown): boolean => rule === false || rule === 0;

function splitProjection(projection: Document): { plain: Document; arrays: ArrayRule[] } {
  const plain: Document = {};
  const arrays: ArrayRule[] = [];
  for (const [key, rule] of Object.entries(projection)) {
    if (key.endsWith('.$')) arrays.push({ kind: 'positional', path: key.slice(0, -2) });
    else if (isPlainObject(rule) && Object.keys(rule).length === 1 && '$elemMatch' in rule && isPlainObject(rule.$elemMatch)) {
      arrays.push({ kind: 'elemMatch', path: key, condition: rule.$elemMatch });
    } else if (isPlainObject(rule) && Object.keys(rule).length === 1 && '$slice' in rule) arrays.push({ kind: 'slice', path: key, spec: rule.$slice });
    else plain[key] = rule;
  }
  return { plain, arrays };
}

function getPath(doc: unknown, path: string): unknown {
  let node = doc;
  for (const part of path.split('.')) node = isPlainObject(node) ? node[part] : undefined;
  return node;
}

/** Sets a path of a projected document, copying each object on the way: they may still be the stored document's. */
function setPath(doc: Document, path: string, value: unknown): void {
  const parts = path.split('.');
  let node: Document = doc;
  for (const part of parts.slice(0, -1)) {
    if (!isPlainObject(node[part])) return;
    node[part] = { ...node[part] };
    node = node[part] as Document;
  }
  if (value === undefined) delete node[parts.at(-1) as string];
  else node[parts.at(-1) as string] = value;
}

function sliced(value: unknown, spec: unknown): unknown {
  if (!Array.isArray(value)) return value;
  if (typeof spec === 'number') return spec >= 0 ? value.slice(0, spec) : value.slice(Math.max(0, value.length + spec));
  if (Array.isArray(spec) && spec.length === 2 && typeof spec[0] === 'number' && typeof spec[1] === 'number') {
    if (spec[1] <= 0) throw badValue('$slice limit must be positive');
    const start = spec[0] >= 0 ? spec[0] : Math.max(0, value.length + spec[0]);
    return value.slice(start, start + spec[1]);
  }
  throw badValue('$slice only supports numbers and [skip, limit] arrays');
}

function elementMatcher(condition: Document, options: Partial<Options>): (element: unknown) => boolean {
  const test = elemMatchElementTest(numericView(condition), options);
  return (element) => test(numericView(element));
}

function applyArrayRule(original: Document, out: Document, rule: ArrayRule, filter: Document, options: Partial<Options>): void {
  const value = getPath(original, rule.path);
  if (rule.kind === 'slice') {
    if (value !== undefined) setPath(out, rule.path, sliced(value, rule.spec));
    return;
  }
  if (!Array.isArray(value)) {
    setPath(out, rule.path, undefined);
    return;
  }
  const index = rule.kind === 'positional' ? positionalIndex(value, rule.path, filter, options) : value.findIndex(elementMatcher(rule.condition, options));
  if (rule.kind === 'positional' && index < 0) throw badValue('Executor error during find command :: caused by :: positional operator did not find the match needed from the query.');
  setPath(out, rule.path, index < 0 ? undefined : [value[index]]);
}

export function projectDocuments(docs: Document[], given: Document | undefined, filter: Document = {}, queryOptions: Partial<Options> = {}): Document[] {
  if (!given || Object.keys(given).length === 0) return docs;
  const projection = numericView(given);
  const { plain, arrays } = splitProjection(projection);
  const inclusion = Object.entries(plain).some(([key, rule]) => key !== '_id' && !isFalse(rule)) || arrays.some((rule) => rule.kind !== 'slice');
  const mingoProjection: Document = { ...plain };
  if (inclusion) for (const rule of arrays) mingoProjection[rule.path] = 1;
  const options = mingoOptions(queryOptions);
  try {
    const projected = Object.keys(mingoProjection).length === 0 ? docs.map((doc) => ({ ...doc })) : runMingoProjection(docs, mingoProjection, inclusion, options);
    if (arrays.length === 0) return projected;
    return projected.map((out, i) => {
      for (const rule of arrays) applyArrayRule(docs[i] as Document, out, rule, filter, options);
      return out;
    });
  } catch (error) {
    throw toCommandError(error);
  }
}

function runMingoProjection(docs: Document[], projection: Document, inclusion: boolean, options: Partial<Options>): Document[] {
  const fields = topLevelInclusion(projection);
  if (inclusion && fields) return docs.map((doc) => pick(doc, fields));
  // An expression computes on numbers; inclusions and exclusions keep each value's BSON type.
  const computes = Object.values(projection).some((rule) => !movesOnly(rule));
  // The server's own `$project` stage (stage-semantics.ts), which puts the fields in mongod's order.
  return new Aggregator([{ $project: rewriteExpression(projection) }], options).run(computes ? docs.map(numericView) : docs) as Document[];
}

/** The fields of a projection that includes top-level fields only (and perhaps drops `_id`); else undefined. */
function topLevelInclusion(projection: Document): Set<string> | undefined {
  const fields = new Set<string>(['_id']);
  for (const [key, rule] of Object.entries(projection)) {
    if (key === '_id' && isFalse(rule)) fields.delete('_id');
    else if (isTrue(rule) && !key.includes('.') && !key.startsWith('$')) fields.add(key);
    else return undefined;
  }
  return fields;
}

/** MongoDB keeps the document's own field order in an inclusion projection. */
function pick(doc: Document, fields: Set<string>): Document {
  const out: Document = {};
  for (const key of Object.keys(doc)) if (fields.has(key)) out[key] = doc[key];
  return out;
}
