import type { Document } from 'bson';
import type { Collection } from '../storage/collection.js';
import { type QueryOptions, collatorFor } from './collation.js';
import { hintedDocuments } from './hint.js';
import { compileFilter } from './matcher.js';
import { projectDocuments } from './project-documents.js';
import { parseSortSpec, sortDocuments } from './sort-documents.js';
import { checkTimeBudget } from './time-budget.js';

export interface FindOptions extends QueryOptions {
  filter?: Document;
  sort?: Document;
  skip?: number;
  limit?: number;
  projection?: Document;
  /** An index name or key pattern: refused when no such index exists, else restricts to what the index holds. */
  hint?: unknown;
}

/** How many documents a scan tests between two looks at the clock. */
const BUDGET_CHECK_EVERY = 64;

/** The matching documents of a collection (stored objects, not copies), sorted and windowed. */
export function matchDocuments(collection: Collection | undefined, options: FindOptions): Document[] {
  const filter = options.filter ?? {};
  const queryOptions: QueryOptions = { collation: options.collation, variables: options.variables };
  // Compiled even when there is nothing to match, so a malformed filter is refused whatever the collection holds.
  const matcher = compileFilter(filter, queryOptions);
  const hinted = hintedDocuments(collection, options.hint);
  if (!collection) return [];
  const sort = parseSortSpec(options.sort);
  const skip = Math.max(0, options.skip ?? 0);
  const limit = options.limit && options.limit !== 0 ? Math.abs(options.limit) : Number.POSITIVE_INFINITY;
  // Indexes hold binary string order and equality; under a collation every document is a candidate.
  const collated = options.collation !== undefined;
  let source: Iterable<Document> | undefined = collated ? undefined : collection.narrowed(filter);
  let presorted = sort.length === 0;
  if (!source && !collated && sort.length === 1) {
    const [path, direction] = sort[0] as [string, 1 | -1];
    source = collection.orderedBy(path, direction);
    presorted = source !== undefined;
  }
  const matched: Document[] = [];
  // When the source is already in sort order the scan stops as soon as the window is full.
  const stopAt = presorted ? skip + limit : Number.POSITIVE_INFINITY;
  let tested = 0;
  for (const doc of source ?? collection.docs.values()) {
    if (++tested % BUDGET_CHECK_EVERY === 0) checkTimeBudget();
    if (!matcher.test(doc) || (hinted && !hinted(doc))) continue;
    matched.push(doc);
    if (matched.length >= stopAt) break;
  }
  const ordered = presorted ? matched : sortDocuments(matched, sort, options.collation ? collatorFor(options.collation) : undefined);
  return skip > 0 || limit !== Number.POSITIVE_INFINITY ? ordered.slice(skip, skip + limit) : ordered;
}

export function findDocuments(collection: Collection | undefined, options: FindOptions): Document[] {
  const queryOptions = { collation: options.collation, variables: options.variables };
  return projectDocuments(matchDocuments(collection, options), options.projection, options.filter, queryOptions);
}
