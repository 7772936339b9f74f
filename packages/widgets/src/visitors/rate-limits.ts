import { refuse } from '../http/refusal.js';

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Token buckets by key (a visitor token or an address): `capacity` requests at once, then `perSecond`. Kept in
 * this process; behind several widgets processes each counts its own share, and nginx spreads a visitor's
 * requests over them, so a visitor gets at most that many times the rate.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
    private readonly what: string,
  ) {}

  /** Takes one request from the key's bucket, or refuses with how long to wait. */
  take(key: string, now = Date.now()): void {
    const bucket = this.buckets.get(key) ?? { tokens: this.capacity, at: now };
    bucket.tokens = Math.min(this.capacity, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
    bucket.at = now;
    if (bucket.tokens < 1) {
      this.buckets.set(key, bucket);
      const wait = Math.ceil((1 - bucket.tokens) / this.perSecond);
      throw refuse('RATE_LIMITED', `Too many ${this.what}; try again in ${wait} s`, wait);
    }
    bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 100_000) this.forgetFull(now);
  }

  /** Buckets that have refilled say nothing a new one would not: dropped, so the map stays small. */
  private forgetFull(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond >= this.capacity) this.buckets.delete(key);
    }
  }
}

export interface VisitorLimits {
  /** Messages per visitor (token; a visitor without one yet by address). */
  messages: RateLimiter;
  /** Every API request per address. */
  requests: RateLimiter;
}

export function createVisitorLimits(): VisitorLimits {
  return {
    messages: new RateLimiter(5, 1, 'messages'),
    requests: new RateLimiter(120, 20, 'requests from this address'),
  };
}
