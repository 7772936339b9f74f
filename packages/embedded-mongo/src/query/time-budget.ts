import { Double } from 'bson';
import { MongoCommandError } from '../errors.js';

/**
 * The time budget of the command running now. Commands run one at a time on the server's thread and
 * synchronously, so one deadline per thread is enough: dispatch sets it, the scan loops and the regular
 * expression guard check it, and a command past it answers MaxTimeMSExpired (50) instead of holding
 * the thread.
 */
let deadline = Number.POSITIVE_INFINITY;

export function maxTimeExpired(): MongoCommandError {
  return new MongoCommandError(50, 'MaxTimeMSExpired', 'operation exceeded time limit');
}

/** A command's budget: its `maxTimeMS` when it names a positive one, else the server's default. */
export function commandBudgetMs(command: Record<string, unknown>, defaultMs: number): number {
  const requested = command.maxTimeMS instanceof Double ? command.maxTimeMS.value : command.maxTimeMS;
  if (typeof requested === 'number' && requested > 0) return requested;
  if (typeof requested === 'bigint' && requested > 0n) return Number(requested);
  return defaultMs;
}

export function withTimeBudget<T>(budgetMs: number, run: () => T): T {
  const outer = deadline;
  deadline = Math.min(outer, performance.now() + budgetMs);
  try {
    return run();
  } finally {
    deadline = outer;
  }
}

/** Milliseconds left (Infinity without a budget). */
export function remainingMs(): number {
  return deadline - performance.now();
}

export function checkTimeBudget(): void {
  if (performance.now() > deadline) throw maxTimeExpired();
}
