import { compareValues, typeRank } from '../query/bson-order.js';

interface Entry {
  key: string;
  value: unknown;
}

/**
 * The distinct values of an index in BSON order, for range scans. New values land in an unsorted
 * tail that is sorted and merged on the next range query, so bulk loads stay O(n log n) overall.
 * Values removed from the index are dropped lazily (the caller tells us which keys are live).
 */
export class OrderedKeys {
  private sorted: Entry[] = [];
  private pending: Entry[] = [];

  add(key: string, value: unknown): void {
    this.pending.push({ key, value });
  }

  /**
   * Keys of values of one BSON type bracket (`rank`, see typeRank) within [lower, upper], in order.
   * MongoDB's range operators never cross type brackets.
   */
  range(isLive: (key: string) => boolean, rank: number, lower: Bound | undefined, upper: Bound | undefined): string[] {
    this.settle(isLive);
    const start = lower ? this.lowerBound(lower.value, lower.inclusive) : this.firstOfRank(rank);
    const out: string[] = [];
    for (let i = start; i < this.sorted.length; i++) {
      const entry = this.sorted[i] as Entry;
      if (typeRank(entry.value) !== rank) break;
      if (upper) {
        const c = compareValues(entry.value, upper.value);
        if (c > 0 || (c === 0 && !upper.inclusive)) break;
      }
      if (isLive(entry.key)) out.push(entry.key);
    }
    return out;
  }

  private lowerBound(value: unknown, inclusive: boolean): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = compareValues((this.sorted[mid] as Entry).value, value);
      if (c < 0 || (c === 0 && !inclusive)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private firstOfRank(rank: number): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (typeRank((this.sorted[mid] as Entry).value) < rank) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private settle(isLive: (key: string) => boolean): void {
    if (this.pending.length === 0) return;
    const seen = new Set<string>();
    const merged: Entry[] = [];
    for (const entry of [...this.sorted, ...this.pending]) {
      if (seen.has(entry.key) || !isLive(entry.key)) continue;
      seen.add(entry.key);
      merged.push(entry);
    }
    merged.sort((a, b) => compareValues(a.value, b.value));
    this.sorted = merged;
    this.pending = [];
  }
}

export interface Bound {
  value: unknown;
  inclusive: boolean;
}
