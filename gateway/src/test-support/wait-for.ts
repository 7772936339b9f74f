import { setTimeout as delay } from 'node:timers/promises';

/** Polls `check` every 20 ms until it holds; throws naming `what` after `timeoutMs`. Resolves with the time it took. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await delay(20);
  }
  return Date.now() - started;
}
