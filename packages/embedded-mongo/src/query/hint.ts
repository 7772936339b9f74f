import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError, badValue } from '../errors.js';
import type { Collection } from '../storage/collection.js';
import { isPlainObject } from './path-values.js';

/**
 * Which documents a command's `hint` lets it see. MongoDB refuses a hint that names no index
 * (code 2), and a hinted sparse or partial index answers from that index alone, so documents it
 * does not hold are not found. A missing collection has no plan to refuse, as in MongoDB.
 */
export function hintedDocuments(collection: Collection | undefined, hint: unknown): ((doc: Document) => boolean) | undefined {
  if (hint === undefined || hint === null || !collection) return undefined;
  if (typeof hint !== 'string' && !isPlainObject(hint)) throw new MongoCommandError(ErrorCodes.FailedToParse, 'FailedToParse', 'hint must be either a string or nested object');
  if (isPlainObject(hint) && Object.keys(hint).length === 0) return undefined;
  const holds = collection.hintedIndex(hint);
  if (!holds) {
    throw badValue(`error processing query: ns=${collection.namespace} planner returned error :: caused by :: hint provided does not correspond to an existing index`);
  }
  return holds;
}
