import type { Document } from 'bson';
import { Aggregator } from 'mingo/aggregator';
import { Query } from 'mingo/query';
import type { Options } from 'mingo/types';
import { compileEqualityFilter } from './equality-filter.js';
import { int64AsLong } from './int64-operands.js';
import { mingoOptions } from './mingo-context.js';
import { toCommandError } from './mingo-errors.js';

/** A compiled filter: mingo's Query, with failures in MongoDB's error shape. */
export interface Matcher {
  test(doc: Document): boolean;
}

const MATCH_ALL: Matcher = { test: () => true };

export function compileFilter(filter: Document | undefined): Matcher {
  if (!filter || Object.keys(filter).length === 0) return MATCH_ALL;
  const simple = compileEqualityFilter(filter);
  if (simple) return simple;
  try {
    const query = new Query(int64AsLong(filter), mingoOptions());
    return { test: (doc) => query.test(doc) };
  } catch (error) {
    throw toCommandError(error);
  }
}

/** Applies a find projection with mingo's projection operators. */
export function projectDocuments(docs: Document[], projection: Document | undefined): Document[] {
  if (!projection || Object.keys(projection).length === 0) return docs;
  const included = topLevelInclusion(projection);
  if (included) return docs.map((doc) => pick(doc, included));
  try {
    const projected = new Query({}, mingoOptions()).find(docs, projection).all() as Document[];
    return isSliceOnly(projection) ? projected.map((doc, i) => keepUnprojected(docs[i] as Document, doc, projection)) : projected;
  } catch (error) {
    throw toCommandError(error);
  }
}

/** The fields of a projection that includes top-level fields only (and perhaps drops `_id`); else undefined. */
function topLevelInclusion(projection: Document): Set<string> | undefined {
  const fields = new Set<string>(['_id']);
  let includes = false;
  for (const [key, rule] of Object.entries(projection)) {
    if (key === '_id' && (rule === 0 || rule === false)) fields.delete('_id');
    else if ((rule === 1 || rule === true) && !key.includes('.') && !key.startsWith('$')) {
      fields.add(key);
      if (key !== '_id') includes = true;
    } else return undefined;
  }
  return includes ? fields : undefined;
}

/** MongoDB keeps the document's own field order in an inclusion projection. */
function pick(doc: Document, fields: Set<string>): Document {
  const out: Document = {};
  for (const key of Object.keys(doc)) if (fields.has(key)) out[key] = doc[key];
  return out;
}

/** A projection of only `$slice`s and exclusions keeps every other field (MongoDB), where mingo keeps only the sliced ones. */
function isSliceOnly(projection: Document): boolean {
  const entries = Object.entries(projection);
  return entries.some(([, v]) => isSlice(v)) && entries.every(([, v]) => isSlice(v) || v === 0 || v === false);
}

function isSlice(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length === 1 && '$slice' in value;
}

function keepUnprojected(original: Document, projected: Document, projection: Document): Document {
  const out: Document = {};
  for (const key of Object.keys(original)) {
    const rule = projection[key] as unknown;
    if (rule === 0 || rule === false) continue;
    out[key] = key in projected ? projected[key] : original[key];
  }
  return out;
}

export function runPipeline(docs: Document[], pipeline: Document[], options: Partial<Options> = {}): Document[] {
  try {
    const stages = pipeline.map((stage) => ('$match' in stage ? { $match: int64AsLong(stage.$match as Document) } : stage));
    return new Aggregator(stages, mingoOptions(options)).run(docs);
  } catch (error) {
    throw toCommandError(error);
  }
}
