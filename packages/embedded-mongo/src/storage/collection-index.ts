import type { Document } from 'bson';
import { indexKey } from '../query/index-key.js';
import { compileFilter, type Matcher } from '../query/matcher.js';
import { crossesArray, indexableValues, pathValues } from '../query/path-values.js';
import { type Bound, OrderedKeys } from './ordered-keys.js';
import type { IndexSpec } from './index-spec.js';

/** Document keys under one index value: a bare string for the common single-document case. */
type Postings = string | Set<string>;

/**
 * One secondary index: a hash from the first field's value to documents (equality lookups),
 * the first field's distinct values in BSON order (range lookups), and for unique indexes a
 * hash of the whole compound key (duplicate detection).
 */
export class CollectionIndex {
  readonly fields: string[];
  private readonly byFirst = new Map<string, Postings>();
  private readonly ordered = new OrderedKeys();
  private readonly uniqueKeys = new Map<string, string>();
  private readonly partial: Matcher | undefined;
  /** Set once any document holds an array on an indexed path; range lookups must then use one bound. */
  multikey = false;

  constructor(readonly spec: IndexSpec) {
    this.fields = Object.keys(spec.key);
    this.partial = spec.partialFilterExpression ? compileFilter(spec.partialFilterExpression) : undefined;
  }

  get firstField(): string {
    return this.fields[0] as string;
  }

  /** Whether the index holds an entry for this document (sparse and partial indexes skip some). */
  covers(doc: Document): boolean {
    if (this.partial && !this.partial.test(doc)) return false;
    if (this.spec.sparse) return this.fields.some((field) => pathValues(doc, field).some((v) => v !== undefined));
    return true;
  }

  /** The compound keys a unique index stores for a document (several when a field is an array). */
  uniqueKeysOf(doc: Document): string[] {
    let keys = [''];
    for (const field of this.fields) {
      const values = [...new Set(indexableValues(doc, field).map(indexKey))];
      keys = keys.flatMap((prefix) => values.map((v) => (prefix === '' ? v : `${prefix}|${v}`)));
    }
    return keys;
  }

  /** The document key already holding one of this document's unique keys, if any. */
  findConflict(doc: Document, ownKey: string | undefined): string | undefined {
    if (!this.spec.unique || !this.covers(doc)) return undefined;
    for (const key of this.uniqueKeysOf(doc)) {
      const holder = this.uniqueKeys.get(key);
      if (holder !== undefined && holder !== ownKey) return holder;
    }
    return undefined;
  }

  add(doc: Document, docKey: string): void {
    if (!this.covers(doc)) return;
    if (this.spec.unique) for (const key of this.uniqueKeysOf(doc)) this.uniqueKeys.set(key, docKey);
    if (!this.multikey && this.fields.some((field) => crossesArray(doc, field))) this.multikey = true;
    for (const value of indexableValues(doc, this.firstField)) {
      const key = indexKey(value);
      const postings = this.byFirst.get(key);
      if (postings === undefined) {
        this.byFirst.set(key, docKey);
        this.ordered.add(key, value ?? null);
      } else if (typeof postings === 'string') {
        if (postings !== docKey) this.byFirst.set(key, new Set([postings, docKey]));
      } else {
        postings.add(docKey);
      }
    }
  }

  remove(doc: Document, docKey: string): void {
    if (!this.covers(doc)) return;
    if (this.spec.unique) {
      for (const key of this.uniqueKeysOf(doc)) if (this.uniqueKeys.get(key) === docKey) this.uniqueKeys.delete(key);
    }
    for (const value of indexableValues(doc, this.firstField)) {
      const key = indexKey(value);
      const postings = this.byFirst.get(key);
      if (postings === undefined) continue;
      if (typeof postings === 'string') {
        if (postings === docKey) this.forget(key, value);
      } else {
        postings.delete(docKey);
        if (postings.size === 1) this.byFirst.set(key, postings.values().next().value as string);
        else if (postings.size === 0) this.forget(key, value);
      }
    }
  }

  private forget(key: string, value: unknown): void {
    this.byFirst.delete(key);
    this.ordered.delete(key, value ?? null);
  }

  /** Whether a walk in index order yields every document exactly once, in sort order of the first field. */
  get sortable(): boolean {
    return !this.multikey && !this.spec.sparse && !this.spec.partialFilterExpression && typeof this.spec.key[this.firstField] === 'number';
  }

  /** Document keys in the order of the first field's values. */
  *walk(direction: 1 | -1): Generator<string> {
    for (const { key } of this.ordered.walk(direction)) {
      const postings = this.byFirst.get(key);
      if (typeof postings === 'string') yield postings;
      else if (postings) yield* postings;
    }
  }

  /** How many entries an equality lookup would gather (a document may count twice under two values). */
  countEqual(values: unknown[]): number {
    let count = 0;
    for (const value of values) {
      const postings = this.byFirst.get(indexKey(value));
      if (postings !== undefined) count += typeof postings === 'string' ? 1 : postings.size;
    }
    return count;
  }

  /** Document keys whose first field equals one of the values. */
  lookupEqual(values: unknown[]): Set<string> {
    const out = new Set<string>();
    for (const value of values) {
      const postings = this.byFirst.get(indexKey(value));
      if (postings === undefined) continue;
      if (typeof postings === 'string') out.add(postings);
      else for (const docKey of postings) out.add(docKey);
    }
    return out;
  }

  /** Document keys whose first field lies within the bounds. */
  lookupRange(rank: number, lower: Bound | undefined, upper: Bound | undefined): Set<string> {
    const out = new Set<string>();
    for (const key of this.ordered.range(rank, lower, upper)) {
      const postings = this.byFirst.get(key);
      if (typeof postings === 'string') out.add(postings);
      else if (postings) for (const docKey of postings) out.add(docKey);
    }
    return out;
  }
}

