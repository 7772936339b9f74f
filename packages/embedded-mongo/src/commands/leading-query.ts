import type { Document } from 'bson';
import { optionalNumber } from './command-context.js';

/** A pipeline's leading `$match`/`$sort`/`$skip`/`$limit`, which run as one query with the indexes, and the stages after them. */
export function leadingQuery(stages: Document[]): { query: { filter?: Document; sort?: Document; skip?: number; limit?: number }; rest: Document[] } {
  let filter: Document | undefined;
  let sort: Document | undefined;
  let i = 0;
  if (stages[0]?.$match) {
    filter = stages[0].$match as Document;
    i = 1;
  }
  if (stages[i]?.$sort) {
    sort = stages[i]?.$sort as Document;
    i += 1;
  }
  let skip: number | undefined;
  let limit: number | undefined;
  if (stages[i]?.$skip !== undefined) {
    skip = optionalNumber(stages[i]?.$skip);
    i += 1;
  }
  if ((optionalNumber(stages[i]?.$limit) ?? 0) > 0) {
    limit = optionalNumber(stages[i]?.$limit);
    i += 1;
  }
  return { query: { filter, sort, skip, limit }, rest: stages.slice(i) };
}
