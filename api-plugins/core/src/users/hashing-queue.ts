import { TooManyRequestsError } from '@lattice/plugin-sdk';

/**
 * Bounds the password hashes running at once and those waiting. argon2 already runs on libuv's thread pool,
 * off the event loop; this keeps a login flood from filling that pool (which file and DNS work share) and from
 * queueing without end: past `maxWaiting` a login is refused with TOO_MANY_REQUESTS (429) at once.
 */
export class HashingQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly maxRunning: number,
    private readonly maxWaiting: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.maxRunning) {
      if (this.waiting.length >= this.maxWaiting) throw new TooManyRequestsError('Too many logins at once; try again in a few seconds');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      // The slot passes straight to the next waiter, so `running` never drops and rises in between.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
