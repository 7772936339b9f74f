/** A caller waited past its limit for a turn: its own earlier requests were still running. */
export class TurnWaitTimeoutError extends Error {
  constructor(
    readonly waitedMs: number,
    readonly ahead: number,
  ) {
    super(`The request waited ${Math.round(waitedMs)} ms for its turn behind ${ahead} of the same caller's requests: send fewer at once`);
  }
}

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
}

/**
 * Turns to run a request, shared fairly: each caller (identity) runs at most `perCaller` requests at once and
 * at most `total` run in all; the rest wait, each caller's in arrival order, and a freed turn goes to the
 * callers in rotation, so one caller's burst waits behind itself, never in front of others'. A request that
 * waits more than `maxWaitMs` is refused (TurnWaitTimeoutError) instead of queueing without end.
 */
export class FairTurns {
  readonly #running = new Map<string, number>();
  /** Callers with requests waiting, in the order their turn comes (a Map iterates in insertion order). */
  readonly #waiting = new Map<string, Waiter[]>();
  #active = 0;

  constructor(
    readonly perCaller: number,
    readonly total: number,
    readonly maxWaitMs: number,
  ) {}

  /** Requests running now, in all. */
  get active(): number {
    return this.#active;
  }

  /** Runs `task` in a turn of `caller`, waiting for one first when the caller or everyone is at the limit. */
  async run<T>(caller: string, task: () => Promise<T>): Promise<T> {
    if (this.#waiting.size > 0 || !this.#canStart(caller)) await this.#wait(caller);
    else this.#start(caller);
    try {
      return await task();
    } finally {
      this.#finish(caller);
    }
  }

  #canStart(caller: string): boolean {
    return this.#active < this.total && (this.#running.get(caller) ?? 0) < this.perCaller;
  }

  #start(caller: string): void {
    this.#active += 1;
    this.#running.set(caller, (this.#running.get(caller) ?? 0) + 1);
  }

  #finish(caller: string): void {
    this.#active -= 1;
    const left = (this.#running.get(caller) ?? 1) - 1;
    if (left === 0) this.#running.delete(caller);
    else this.#running.set(caller, left);
    this.#dispatch();
  }

  #wait(caller: string): Promise<void> {
    const queued = performance.now();
    const ahead = (this.#running.get(caller) ?? 0) + (this.#waiting.get(caller)?.length ?? 0);
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          this.#remove(caller, waiter);
          reject(new TurnWaitTimeoutError(performance.now() - queued, ahead));
        }, this.maxWaitMs),
      };
      const queue = this.#waiting.get(caller);
      if (queue) queue.push(waiter);
      else this.#waiting.set(caller, [waiter]);
      // Others may have finished while nobody waited for them (a caller under its limit, everyone busy).
      this.#dispatch();
    });
  }

  #remove(caller: string, waiter: Waiter): void {
    const queue = this.#waiting.get(caller);
    if (!queue) return;
    const index = queue.indexOf(waiter);
    if (index >= 0) queue.splice(index, 1);
    if (queue.length === 0) this.#waiting.delete(caller);
  }

  /** Hands free turns to waiting callers in rotation: one each, then the caller goes to the back. */
  #dispatch(): void {
    let progressed = true;
    while (progressed && this.#active < this.total && this.#waiting.size > 0) {
      progressed = false;
      for (const [caller, queue] of this.#waiting) {
        if (this.#active >= this.total) return;
        if (!this.#canStart(caller)) continue;
        const waiter = queue.shift();
        this.#waiting.delete(caller);
        if (queue.length > 0) this.#waiting.set(caller, queue);
        if (!waiter) continue;
        this.#start(caller);
        waiter.start();
        progressed = true;
      }
    }
  }
}
