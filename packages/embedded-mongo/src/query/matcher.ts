import type { Document } from 'bson';
import { Aggregator } from 'mingo/aggregator';
import { Query } from 'mingo/query';
import type { Options } from 'mingo/types';
import { compileEqualityFilter } from './equality-filter.js';
import { int64AsLong } from './int64-operands.js';
import { mingoOptions } from './mingo-context.js';
import { toCommandError } from './mingo-errors.js';
import type { QueryOptions } from './collation.js';

/** A compiled filter: mingo's Query, with failures in MongoDB's error shape. */
export interface Matcher {
  test(doc: Document): boolean;
}

const MATCH_ALL: Matcher = { test: () => true };

export function compileFilter(filter: Document | undefined, queryOptions: QueryOptions = {}): Matcher {
  if (!filter || Object.keys(filter).length === 0) return MATCH_ALL;
  const simple = queryOptions.collation ? undefined : compileEqualityFilter(filter);
  if (simple) return simple;
  try {
    const query = new Query(int64AsLong(filter), mingoOptions(queryOptions));
    return { test: (doc) => query.test(doc) };
  } catch (error) {
    throw toCommandError(error);
  }
}

export function runPipeline(docs: Document[], pipeline: Document[], options: Partial<Options> = {}): Document[] {
  try {
    const stages = pipeline.map((stage) => ('$match' in stage ? { $match: int64AsLong(stage.$match as Document) } : stage));
    return new Aggregator(stages, mingoOptions(options)).run(docs);
  } catch (error) {
    throw toCommandError(error);
  }
}
