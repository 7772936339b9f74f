import type { Document } from 'bson';
import { Aggregator, Query } from 'mingo';
import type { Options } from 'mingo/types';
import { toCommandError } from './mingo-errors.js';

/** A compiled filter: mingo's Query, with failures in MongoDB's error shape. */
export interface Matcher {
  test(doc: Document): boolean;
}

const MATCH_ALL: Matcher = { test: () => true };

export function compileFilter(filter: Document | undefined, options: Partial<Options> = {}): Matcher {
  if (!filter || Object.keys(filter).length === 0) return MATCH_ALL;
  try {
    const query = new Query(filter, { ...options, scriptEnabled: false });
    return { test: (doc) => query.test(doc) };
  } catch (error) {
    throw toCommandError(error);
  }
}

/** Applies a find projection with mingo's projection operators. */
export function projectDocuments(docs: Document[], projection: Document | undefined): Document[] {
  if (!projection || Object.keys(projection).length === 0) return docs;
  try {
    return new Query({}, { scriptEnabled: false }).find(docs, projection).all() as Document[];
  } catch (error) {
    throw toCommandError(error);
  }
}

export function runPipeline(docs: Document[], pipeline: Document[], options: Partial<Options>): Document[] {
  try {
    return new Aggregator(pipeline, { ...options, scriptEnabled: false }).run(docs);
  } catch (error) {
    throw toCommandError(error);
  }
}
