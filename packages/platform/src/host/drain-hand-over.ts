/** What a stopping host waits for before it stops accepting requests. */
export interface HandOverOptions {
  /** How long `/health/ready` answers "stopping" before anything else, so the gateways see it (0: no wait). */
  drainDelayMs?: number;
  /**
   * The most a stopping host keeps serving while requests still come: a gateway sends a draining host requests only
   * while no other replica of its plugin is ready, so the last replica serves until the next is ready. Undefined:
   * it stops once `drainDelayMs` is over, as a host no gateway elsewhere routes to does.
   */
  drainGraceMs?: number;
  /** How long no request may have arrived before the host counts as handed over (default 3 s). */
  drainQuietMs?: number;
}

// Several of the gateways' probe intervals, and more than a loaded machine's pause between two requests of a steady load.
const defaultQuietMs = 3_000;

/**
 * Waits until a stopping host may stop accepting: `drainDelayMs`, then, with `drainGraceMs`, until no request
 * arrived for `drainQuietMs` (the gateways moved to another replica) or the grace since the stop began is over.
 * `lastRequestAt` is when (performance.now()) the host last took a request other than a probe.
 */
export async function waitForHandOver(lastRequestAt: () => number, options: HandOverOptions): Promise<'quiet' | 'grace over' | 'no grace'> {
  const startedAt = performance.now();
  if (options.drainDelayMs) await sleep(options.drainDelayMs);
  if (options.drainGraceMs === undefined) return 'no grace';
  const quietMs = options.drainQuietMs ?? defaultQuietMs;
  const endsAt = startedAt + options.drainGraceMs;
  for (;;) {
    const now = performance.now();
    const quietFor = now - Math.max(lastRequestAt(), startedAt);
    if (quietFor >= quietMs) return 'quiet';
    if (now >= endsAt) return 'grace over';
    await sleep(Math.min(quietMs - quietFor, endsAt - now) + 5);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
