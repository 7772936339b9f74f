import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { refuse } from '../http/refusal.js';

/** `points` requests in a window of `seconds` that starts with the key's first request. */
export interface LimitWindow {
  points: number;
  seconds: number;
}

export interface VisitorLimitsOptions {
  /**
   * Counters in this Redis, shared by every widgets process on it (services mode: nginx spreads a visitor's
   * requests over them). Without it, each process counts its own (npm start runs one).
   */
  redisUrl?: string;
  /** Keys under this prefix (a deployment's or a test's own). */
  keyPrefix?: string;
  /** Default 5 in 5 s: a small burst, then about one a second. */
  messagesPerVisitor?: LimitWindow;
  /** Default 200 in 10 s, every visitor API request of one address. */
  requestsPerAddress?: LimitWindow;
}

/** One limit by key (a visitor token or an address), refusing with RATE_LIMITED and how long to wait. */
export class RateLimit {
  constructor(
    private readonly limiter: RateLimiterAbstract,
    private readonly what: string,
  ) {}

  async take(key: string): Promise<void> {
    try {
      await this.limiter.consume(key);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const wait = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw refuse('RATE_LIMITED', `Too many ${this.what}; try again in ${wait} s`, wait);
    }
  }
}

export interface VisitorLimits {
  /** Messages and left e-mails per visitor (token; a visitor without one yet by address). */
  messages: RateLimit;
  /** Every API request per address. */
  requests: RateLimit;
  stop(): Promise<void>;
}

export async function createVisitorLimits(options: VisitorLimitsOptions = {}): Promise<VisitorLimits> {
  const messages = options.messagesPerVisitor ?? { points: 5, seconds: 5 };
  const requests = options.requestsPerAddress ?? { points: 200, seconds: 10 };
  const prefix = options.keyPrefix ?? 'lattice:widgets-limits:';
  let redis: Redis | undefined;
  if (options.redisUrl) {
    // No offline queue: while Redis is away a count fails at once and the process's own counters take over.
    redis = new Redis(options.redisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    redis.on('error', () => undefined);
    await redis.connect();
  }
  const limiter = (window: LimitWindow, name: string): RateLimiterAbstract => {
    const memory = new RateLimiterMemory({ points: window.points, duration: window.seconds, keyPrefix: `${prefix}${name}` });
    if (!redis) return memory;
    return new RateLimiterRedis({ storeClient: redis, points: window.points, duration: window.seconds, keyPrefix: `${prefix}${name}`, insuranceLimiter: memory });
  };
  return {
    messages: new RateLimit(limiter(messages, 'messages'), 'messages'),
    requests: new RateLimit(limiter(requests, 'requests'), 'requests from this address'),
    stop: async () => {
      if (redis) await redis.quit().catch(() => redis?.disconnect());
    },
  };
}
