/**
 * Token buckets by key (a visitor token or an address): `capacity` requests at once, then `perSecond`. Kept in
 * this process; behind several widgets processes each counts its own share, and nginx spreads a visitor's
 * requests over them, so a visitor gets at most that many times the rate.
 */
export declare class RateLimiter {
    private readonly capacity;
    private readonly perSecond;
    private readonly what;
    private readonly buckets;
    constructor(capacity: number, perSecond: number, what: string);
    /** Takes one request from the key's bucket, or refuses with how long to wait. */
    take(key: string, now?: number): void;
    /** Buckets that have refilled say nothing a new one would not: dropped, so the map stays small. */
    private forgetFull;
}
export interface VisitorLimits {
    /** Messages per visitor (token; a visitor without one yet by address). */
    messages: RateLimiter;
    /** Every API request per address. */
    requests: RateLimiter;
}
export declare function createVisitorLimits(): VisitorLimits;
