import { setTimeout as delay } from 'node:timers/promises';

/** Reads until `accept` holds or the time is up, and answers the last read (the caller's assertion says what was wrong). */
export async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await delay(100);
  }
}
