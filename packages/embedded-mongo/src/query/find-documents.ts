import type { Document } from 'bson';
import type { Collection } from '../storage/collection.js';
import { compileFilter, projectDocuments } from './matcher.js';
import { parseSortSpec, sortDocuments } from './sort-documents.js';

export interface FindOptions {
  filter?: Document;
  sort?: Document;
  skip?: number;
  limit?: number;
  projection?: Document;
}

/** The matching documents of a collection (stored objects, not copies), sorted and windowed. */
export function matchDocuments(collection: Collection | undefined, options: FindOptions): Document[] {
  if (!collection) return [];
  const filter = options.filter ?? {};
  const matcher = compileFilter(filter);
  const sort = parseSortSpec(options.sort);
  const skip = Math.max(0, options.skip ?? 0);
  const limit = options.limit && options.limit !== 0 ? Math.abs(options.limit) : Number.POSITIVE_INFINITY;
  let source: Iterable<Document> | undefined = collection.narrowed(filter);
  let presorted = sort.length === 0;
  if (!source && sort.length === 1) {
    const [path, direction] = sort[0] as [string, 1 | -1];
    source = collection.orderedBy(path, direction);
    presorted = source !== undefined;
  }
  const matched: Document[] = [];
  // When the source is already in sort order the scan stops as soon as the window is full.
  const stopAt = presorted ? skip + limit : Number.POSITIVE_INFINITY;
  for (const doc of source ?? collection.docs.values()) {
    if (!matcher.test(doc)) continue;
    matched.push(doc);
    if (matched.length >= stopAt) break;
  }
  const ordered = presorted ? matched : sortDocuments(matched, sort);
  return skip > 0 || limit !== Number.POSITIVE_INFINITY ? ordered.slice(skip, skip + limit) : ordered;
}

export function findDocuments(collection: Collection | undefined, options: FindOptions): Document[] {
  return projectDocuments(matchDocuments(collection, options), options.projection);
}
