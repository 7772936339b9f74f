export interface WaitForOptions {
  /** How long to keep reading. Default 5000 ms. */
  timeoutMs?: number;
  /** The pause between two reads. Default 50 ms. */
  intervalMs?: number;
}

/**
 * Reads until `accept` holds for what `read` returns (something that arrives over the broker, a bound read once a
 * second), and returns that value; when time runs out it returns the last value read instead of throwing, so the
 * caller's own assertion says what was seen. The one bounded wait of the test kit: no test writes its own loop.
 */
export async function waitFor<T>(read: () => T | Promise<T>, accept: (value: T) => boolean = Boolean, options: WaitForOptions = {}): Promise<T> {
  const { timeoutMs = 5_000, intervalMs = 50 } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() >= deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
