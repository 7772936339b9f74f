import { ObjectId } from 'bson';
import { compareValues, typeRank } from '../query/bson-order.js';

/** The smallest value of each type bracket a range query can use, where a range scan starts. */
const BRACKET_FLOOR: Record<number, unknown> = {
  3: Number.NaN,
  4: '',
  8: new ObjectId('000000000000000000000000'),
  10: new Date(-8.64e15),
};

interface Entry {
  key: string;
  value: unknown;
}

export interface Bound {
  value: unknown;
  inclusive: boolean;
}

const MAX_CHUNK = 512;

/**
 * The distinct values of an index in BSON order, for range scans and sorted walks: a list of
 * sorted chunks (at most 512 entries each), so an insert or delete costs a binary search plus a
 * short splice however large the index grows.
 */
export class OrderedKeys {
  private chunks: Entry[][] = [];

  get size(): number {
    return this.chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  }

  add(key: string, value: unknown): void {
    const entry = { key, value };
    if (this.chunks.length === 0) {
      this.chunks.push([entry]);
      return;
    }
    const c = this.chunkFor(value);
    const chunk = this.chunks[c] as Entry[];
    chunk.splice(lowerBound(chunk, value, true), 0, entry);
    if (chunk.length > MAX_CHUNK) this.chunks.splice(c, 1, chunk.slice(0, chunk.length >> 1), chunk.slice(chunk.length >> 1));
  }

  delete(key: string, value: unknown): void {
    for (let c = this.chunkFor(value); c < this.chunks.length; c++) {
      const chunk = this.chunks[c] as Entry[];
      for (let i = lowerBound(chunk, value, true); i < chunk.length; i++) {
        const entry = chunk[i] as Entry;
        if (entry.key === key) {
          chunk.splice(i, 1);
          if (chunk.length === 0) this.chunks.splice(c, 1);
          return;
        }
        if (compareValues(entry.value, value) !== 0) return;
      }
    }
  }

  /**
   * Keys of values of one BSON type bracket (`rank`, see typeRank) within [lower, upper], in order.
   * MongoDB's range operators never cross type brackets.
   */
  *range(rank: number, lower: Bound | undefined, upper: Bound | undefined): Generator<string> {
    const floor = rank in BRACKET_FLOOR ? { value: BRACKET_FLOOR[rank], inclusive: true } : undefined;
    for (const entry of this.walk(1, lower ?? floor)) {
      if (typeRank(entry.value) < rank) continue;
      if (typeRank(entry.value) > rank) return;
      if (upper) {
        const c = compareValues(entry.value, upper.value);
        if (c > 0 || (c === 0 && !upper.inclusive)) return;
      }
      yield entry.key;
    }
  }

  /** Every entry in ascending (1) or descending (-1) order, ascending optionally from a lower bound. */
  *walk(direction: 1 | -1, lower?: Bound): Generator<Entry> {
    if (direction === -1) {
      for (let c = this.chunks.length - 1; c >= 0; c--) {
        const chunk = this.chunks[c] as Entry[];
        for (let i = chunk.length - 1; i >= 0; i--) yield chunk[i] as Entry;
      }
      return;
    }
    let c = lower ? this.chunkFor(lower.value) : 0;
    let i = lower && this.chunks[c] ? lowerBound(this.chunks[c] as Entry[], lower.value, lower.inclusive) : 0;
    for (; c < this.chunks.length; c++, i = 0) {
      const chunk = this.chunks[c] as Entry[];
      for (; i < chunk.length; i++) yield chunk[i] as Entry;
    }
  }

  /** The first chunk whose last value is not below `value` (the last chunk when all are). */
  private chunkFor(value: unknown): number {
    let lo = 0;
    let hi = this.chunks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const chunk = this.chunks[mid] as Entry[];
      if (compareValues((chunk[chunk.length - 1] as Entry).value, value) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

function lowerBound(chunk: Entry[], value: unknown, inclusive: boolean): number {
  let lo = 0;
  let hi = chunk.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const c = compareValues((chunk[mid] as Entry).value, value);
    if (c < 0 || (c === 0 && !inclusive)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
