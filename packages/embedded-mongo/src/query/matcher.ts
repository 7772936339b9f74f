import type { Document } from 'bson';
import { Aggregator } from 'mingo/aggregator';
import { Query } from 'mingo/query';
import type { Options } from 'mingo/types';
import { compileEqualityFilter } from './equality-filter.js';
import { int64AsLong } from './int64-operands.js';
import { mingoOptions } from './mingo-context.js';
import { numericView, storedNumericView } from './numeric-view.js';
import { firstComputingStage, stageSpecs } from './typed-pipeline.js';
import { toCommandError } from './mingo-errors.js';
import { refuseCollationBlindStages } from './collation-guard.js';
import { rewriteFilter, rewritePipeline } from './field-path-expressions.js';
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
    const query = new Query(rewriteFilter(int64AsLong(numericView(filter))), mingoOptions(queryOptions));
    return { test: (doc) => query.test(storedNumericView(doc)) };
  } catch (error) {
    throw toCommandError(error);
  }
}

/**
 * Runs a pipeline with mingo: the stages that keep BSON types on the documents as stored, the rest
 * (from the first stage that computes) on their numeric views (see typed-pipeline.ts).
 */
export function runPipeline(docs: Document[], pipeline: Document[], options: Partial<Options> = {}): Document[] {
  try {
    const stages = stageSpecs(pipeline).map((stage) => ('$match' in stage ? { $match: int64AsLong(stage.$match as Document) } : stage));
    if (options.collation) refuseCollationBlindStages(stages);
    const resolver = options.collectionResolver;
    const viewed = mingoOptions(resolver ? { ...options, collectionResolver: (name) => resolver(name).map(numericView) } : options);
    // Where computing starts is read from the stages as given: a rewritten field path looks like a computation.
    const cut = firstComputingStage(stages);
    const rewritten = rewritePipeline(stages);
    const typed = cut > 0 ? new Aggregator(rewritten.slice(0, cut), viewed).run(docs) : docs;
    return cut < stages.length ? new Aggregator(rewritten.slice(cut), viewed).run(typed.map(numericView)) : typed;
  } catch (error) {
    throw toCommandError(error);
  }
}
