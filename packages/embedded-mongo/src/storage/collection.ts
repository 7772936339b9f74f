import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError } from '../errors.js';
import { type AccessPath, keysExamined } from '../query/access-path.js';
import { equalityBounds, fullRange, rangeBounds } from '../query/index-bounds.js';
import { indexConditions } from '../query/index-conditions.js';
import { formatValue } from '../query/format-value.js';
import { indexKey } from '../query/index-key.js';
import { pathValues } from '../query/path-values.js';
import { CollectionIndex } from './collection-index.js';
import { ID_INDEX, type IndexSpec, sameKeyPattern } from './index-spec.js';
import { OrderedKeys } from './ordered-keys.js';

/** The document keys an index lookup gathered, and the path it took to them. */
interface NarrowedKeys {
  keys: Set<string>;
  path: AccessPath;
}

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
    return this.narrowed(filter)?.docs ?? this.docs.values();
  }

  /**
   * The documents that can match a filter, narrowed by the most selective usable index (a superset
   * of the matches: the matcher still runs), with the index path taken; undefined when no index narrows the filter.
   */
  narrowed(filter: Document): { docs: Document[]; path: AccessPath } | undefined {
    const found = this.narrowedKeys(filter);
    if (!found) return undefined;
    const docs: Document[] = [];
    for (const key of found.keys) {
      const doc = this.docs.get(key);
      if (doc) docs.push(doc);
    }
    return { docs, path: found.path };
  }

  private narrowedKeys(filter: Document): NarrowedKeys | undefined {
    let best: NarrowedKeys | undefined;
    const consider = (keys: Set<string>, path: AccessPath): void => {
      if (!best || keys.size < best.keys.size) best = { keys, path };
    };
    // Equality lookups are counted before any is gathered: a filter on `_id` and on a field many documents
    // share (an owner, a status) must not collect all of those documents to find the one.
    const conditions = indexConditions(filter);
    let cheapest: { estimate: number; lookup: () => NarrowedKeys } | undefined;
    for (const cond of conditions) {
      if (cond.kind !== 'equal') continue;
      const index = cond.path === '_id' ? undefined : this.usableIndex(cond.path);
      if (cond.path !== '_id' && !index) continue;
      const estimate = index ? index.countEqual(cond.values) : cond.values.length;
      if (cheapest && cheapest.estimate <= estimate) continue;
      const onlyId = conditions.length === 1 && Object.keys(filter).length === 1;
      cheapest = {
        estimate,
        lookup: index
          ? () => this.indexScan(index, index.lookupEqual(cond.values), equalityBounds(cond.values))
          : () => {
              const keys = new Set(cond.values.map(indexKey).filter((k) => this.docs.has(k)));
              return onlyId ? { keys, path: { kind: 'idhack', keysExamined: keys.size } } : this.idScan(keys, equalityBounds(cond.values));
            },
      };
    }
    if (cheapest) {
      const found = cheapest.lookup();
      consider(found.keys, found.path);
    }
    for (const cond of conditions) {
      if (cond.kind !== 'range' || (best && best.keys.size <= 1)) continue;
      if (cond.path === '_id') {
        const found = this.idScan(new Set(this.idOrder.range(cond.rank, cond.lower, cond.upper)), rangeBounds(cond.rank, cond.lower, cond.upper));
        consider(found.keys, found.path);
        continue;
      }
      const index = this.usableIndex(cond.path);
      if (!index) continue;
      // On an array field each bound may be met by a different element, so only one bound narrows safely.
      const upper = index.multikey && cond.lower ? undefined : cond.upper;
      const found = this.indexScan(index, index.lookupRange(cond.rank, cond.lower, upper), rangeBounds(cond.rank, cond.lower, upper));
      consider(found.keys, found.path);
    }
    if (best && best.keys.size <= 1) return best;
    // An $or narrows only when every branch does: the union of the branches' candidates.
    if (Array.isArray(filter.$or) && filter.$or.length > 0) {
      const union = new Set<string>();
      const branches: AccessPath[] = [];
      for (const branch of filter.$or as Document[]) {
        const found = this.narrowedKeys(branch);
        if (!found) return best;
        for (const key of found.keys) union.add(key);
        branches.push(found.path);
      }
      consider(union, { kind: 'or', branches, keysExamined: branches.reduce((sum, path) => sum + keysExamined(path), 0) });
    }
    return best;
  }

  private indexScan(index: CollectionIndex, keys: Set<string>, firstFieldBounds: string[]): NarrowedKeys {
    return { keys, path: { kind: 'ixscan', index: index.spec, multikey: index.multikey, direction: 1, keysExamined: keys.size, firstFieldBounds } };
  }

  private idScan(keys: Set<string>, firstFieldBounds: string[]): NarrowedKeys {
    return { keys, path: { kind: 'ixscan', index: ID_INDEX, multikey: false, direction: 1, keysExamined: keys.size, firstFieldBounds } };
  }

  /**
   * Every document in the order of one field, when an index gives that order, with the index path
   * (whose `keysExamined` the caller counts as it walks); else undefined.
   */
  orderedBy(path: string, direction: 1 | -1): { docs: Iterable<Document>; path: AccessPath } | undefined {
    let keys: Iterable<string> | undefined;
    let spec: IndexSpec | undefined;
    if (path === '_id') {
      spec = ID_INDEX;
      keys = (function* (order: OrderedKeys) {
        for (const entry of order.walk(direction)) yield entry.key;
      })(this.idOrder);
    } else {
      for (const index of this.indexes.values()) {
        if (index.firstField === path && index.sortable) {
          spec = index.spec;
          keys = index.walk(direction);
        }
      }
    }
    if (!keys || !spec) return undefined;
    const docs = (function* (stored: Map<string, Document>, order: Iterable<string>) {
      for (const key of order) {
        const doc = stored.get(key);
        if (doc) yield doc;
      }
    })(this.docs, keys);
    return { docs, path: { kind: 'ixscan', index: spec, multikey: false, direction, keysExamined: 0, firstFieldBounds: fullRange(direction) } };
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
