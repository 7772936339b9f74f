import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError } from '../errors.js';
import { indexConditions } from '../query/index-conditions.js';
import { formatValue } from '../query/format-value.js';
import { indexKey } from '../query/index-key.js';
import { pathValues } from '../query/path-values.js';
import { CollectionIndex } from './collection-index.js';
import { ID_INDEX, type IndexSpec, sameKeyPattern } from './index-spec.js';
import { OrderedKeys } from './ordered-keys.js';

/**
 * The documents of one collection keyed by their `_id`, plus its secondary indexes.
 * Every mutation keeps the indexes in step and enforces unique indexes before changing anything.
 */
export class Collection {
  readonly docs = new Map<string, Document>();
  /** `_id` values in BSON order; the docs map is the `_id` index's hash. */
  private readonly idOrder = new OrderedKeys();
  private readonly indexes = new Map<string, CollectionIndex>();

  constructor(
    readonly db: string,
    readonly name: string,
    private collectionOptions: Document = {},
  ) {}

  /** The options the collection was created with (validator included), as listCollections shows them. */
  get options(): Document {
    return this.collectionOptions;
  }

  /** collMod: a new options object, so anything compiled from the previous one is not reused. */
  setOptions(options: Document): void {
    this.collectionOptions = options;
  }

  get namespace(): string {
    return `${this.db}.${this.name}`;
  }

  indexSpecs(): IndexSpec[] {
    return [ID_INDEX, ...[...this.indexes.values()].map((index) => index.spec)];
  }

  findIndex(name: string): IndexSpec | undefined {
    return name === ID_INDEX.name ? ID_INDEX : this.indexes.get(name)?.spec;
  }

  /** Builds an index over the existing documents; fails without change on a duplicate. */
  addIndex(spec: IndexSpec): void {
    const index = new CollectionIndex(spec);
    for (const [docKey, doc] of this.docs) {
      const holder = index.findConflict(doc, docKey);
      if (holder !== undefined) throw this.duplicateKeyError(index, doc);
      index.add(doc, docKey);
    }
    this.indexes.set(spec.name, index);
  }

  /**
   * The index a `hint` names (by name or key pattern), as the test of which documents it holds;
   * `$natural` holds every document; undefined when no such index exists.
   */
  hintedIndex(hint: string | Document): ((doc: Document) => boolean) | undefined {
    const all = (): boolean => true;
    if (typeof hint === 'string') {
      if (hint === ID_INDEX.name) return all;
      const index = this.indexes.get(hint);
      return index ? (doc) => index.covers(doc) : undefined;
    }
    if (Object.keys(hint).length === 1 && '$natural' in hint) return all;
    if (sameKeyPattern(hint, ID_INDEX.key)) return all;
    for (const index of this.indexes.values()) if (sameKeyPattern(hint, index.spec.key)) return (doc) => index.covers(doc);
    return undefined;
  }

  dropIndex(name: string): boolean {
    return this.indexes.delete(name);
  }

  get(id: unknown): Document | undefined {
    return this.docs.get(indexKey(id));
  }

  insert(doc: Document): void {
    const docKey = indexKey(doc._id);
    if (this.docs.has(docKey)) throw this.duplicateKeyError(undefined, doc);
    for (const index of this.indexes.values()) {
      if (index.findConflict(doc, docKey) !== undefined) throw this.duplicateKeyError(index, doc);
    }
    this.docs.set(docKey, doc);
    this.idOrder.add(docKey, doc._id);
    for (const index of this.indexes.values()) index.add(doc, docKey);
  }

  /** Replaces a stored document with a new version carrying the same `_id`. */
  replace(oldDoc: Document, newDoc: Document): void {
    const docKey = indexKey(oldDoc._id);
    for (const index of this.indexes.values()) {
      if (index.findConflict(newDoc, docKey) !== undefined) throw this.duplicateKeyError(index, newDoc);
    }
    for (const index of this.indexes.values()) index.remove(oldDoc, docKey);
    this.docs.set(docKey, newDoc);
    for (const index of this.indexes.values()) index.add(newDoc, docKey);
  }

  remove(doc: Document): void {
    const docKey = indexKey(doc._id);
    if (!this.docs.delete(docKey)) return;
    this.idOrder.delete(docKey, doc._id);
    for (const index of this.indexes.values()) index.remove(doc, docKey);
  }

  /**
   * Loads a document during recovery, replacing any earlier version in place (so natural order
   * survives a restart); journal replay is idempotent.
   */
  put(doc: Document): void {
    const docKey = indexKey(doc._id);
    const existing = this.docs.get(docKey);
    if (existing) for (const index of this.indexes.values()) index.remove(existing, docKey);
    else this.idOrder.add(docKey, doc._id);
    this.docs.set(docKey, doc);
    for (const index of this.indexes.values()) index.add(doc, docKey);
  }

  /** The documents that can match a filter: narrowed by an index when one applies, else all. */
  candidates(filter: Document): Iterable<Document> {
    return this.narrowed(filter) ?? this.docs.values();
  }

  /**
   * The documents that can match a filter, narrowed by the most selective usable index (a superset
   * of the matches: the matcher still runs); undefined when no index narrows the filter.
   */
  narrowed(filter: Document): Document[] | undefined {
    const keys = this.narrowedKeys(filter);
    if (!keys) return undefined;
    const out: Document[] = [];
    for (const key of keys) {
      const doc = this.docs.get(key);
      if (doc) out.push(doc);
    }
    return out;
  }

  private narrowedKeys(filter: Document): Set<string> | undefined {
    let best: Set<string> | undefined;
    const consider = (keys: Set<string>): void => {
      if (!best || keys.size < best.size) best = keys;
    };
    // Equality lookups are counted before any is gathered: a filter on `_id` and on a field many documents
    // share (an owner, a status) must not collect all of those documents to find the one.
    const conditions = indexConditions(filter);
    let cheapest: { estimate: number; lookup: () => Set<string> } | undefined;
    for (const cond of conditions) {
      if (cond.kind !== 'equal') continue;
      const index = cond.path === '_id' ? undefined : this.usableIndex(cond.path);
      if (cond.path !== '_id' && !index) continue;
      const estimate = index ? index.countEqual(cond.values) : cond.values.length;
      if (cheapest && cheapest.estimate <= estimate) continue;
      cheapest = {
        estimate,
        lookup: index
          ? () => index.lookupEqual(cond.values)
          : () => new Set(cond.values.map(indexKey).filter((k) => this.docs.has(k))),
      };
    }
    if (cheapest) consider(cheapest.lookup());
    for (const cond of conditions) {
      if (cond.kind !== 'range' || (best && best.size <= 1)) continue;
      if (cond.path === '_id') {
        consider(new Set(this.idOrder.range(cond.rank, cond.lower, cond.upper)));
        continue;
      }
      const index = this.usableIndex(cond.path);
      if (!index) continue;
      // On an array field each bound may be met by a different element, so only one bound narrows safely.
      if (index.multikey && cond.lower) consider(index.lookupRange(cond.rank, cond.lower, undefined));
      else consider(index.lookupRange(cond.rank, cond.lower, cond.upper));
    }
    if (best && best.size <= 1) return best;
    // An $or narrows only when every branch does: the union of the branches' candidates.
    if (Array.isArray(filter.$or) && filter.$or.length > 0) {
      const union = new Set<string>();
      for (const branch of filter.$or as Document[]) {
        const keys = this.narrowedKeys(branch);
        if (!keys) return best;
        for (const key of keys) union.add(key);
      }
      consider(union);
    }
    return best;
  }

  /** Every document in the order of one field, when an index gives that order; else undefined. */
  orderedBy(path: string, direction: 1 | -1): Iterable<Document> | undefined {
    let keys: Iterable<string> | undefined;
    if (path === '_id') keys = (function* (order: OrderedKeys) {
      for (const entry of order.walk(direction)) yield entry.key;
    })(this.idOrder);
    else {
      for (const index of this.indexes.values()) if (index.firstField === path && index.sortable) keys = index.walk(direction);
    }
    if (!keys) return undefined;
    return (function* (docs: Map<string, Document>, order: Iterable<string>) {
      for (const key of order) {
        const doc = docs.get(key);
        if (doc) yield doc;
      }
    })(this.docs, keys);
  }

  private usableIndex(path: string): CollectionIndex | undefined {
    for (const index of this.indexes.values()) {
      if (index.firstField === path && !index.spec.partialFilterExpression && typeof index.spec.key[path] === 'number') return index;
    }
    return undefined;
  }

  private duplicateKeyError(index: CollectionIndex | undefined, doc: Document): MongoCommandError {
    const fields = index ? index.fields : ['_id'];
    const keyValue: Document = {};
    for (const field of fields) keyValue[field] = pathValues(doc, field)[0] ?? null;
    const keyPattern: Document = index ? { ...index.spec.key } : { _id: 1 };
    const name = index ? index.spec.name : '_id_';
    return new MongoCommandError(
      ErrorCodes.DuplicateKey,
      'DuplicateKey',
      `E11000 duplicate key error collection: ${this.namespace} index: ${name} dup key: ${formatValue(keyValue)}`,
      { keyPattern, keyValue },
    );
  }
}
