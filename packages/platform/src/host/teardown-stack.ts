import type { Logger } from 'pino';

/**
 * `serving`: what takes requests (HTTP, subscriptions, announcements), stopped first so the host drains.
 * `plugin`: the plugin's consumers, its own stop and the database, stopped once nothing is served any more.
 */
export type TeardownStage = 'serving' | 'plugin';

interface Teardown {
  phase: string;
  stage: TeardownStage;
  run: () => void | Promise<void>;
}

/**
 * Each start phase of a plugin host pushes what undoes it, as soon as it has something to undo. Stopping and a
 * failed start unwind the same stack, last pushed first, so the two can never disagree on what to undo.
 */
export class TeardownStack {
  readonly #entries: Teardown[] = [];

  constructor(private readonly logger: Logger) {}

  push(phase: string, stage: TeardownStage, run: () => void | Promise<void>): void {
    this.#entries.push({ phase, stage, run });
  }

  /**
   * Runs the teardowns of `stage` (of every stage when omitted), last pushed first, each once. One that fails is
   * logged and the rest still run; the first failure rejects the unwinding once all have run.
   */
  async unwind(stage?: TeardownStage): Promise<void> {
    const failures: unknown[] = [];
    for (let index = this.#entries.length - 1; index >= 0; index--) {
      const entry = this.#entries[index]!;
      if (stage && entry.stage !== stage) continue;
      this.#entries.splice(index, 1);
      try {
        await entry.run();
        this.logger.debug({ phase: entry.phase }, 'plugin host phase undone');
      } catch (error) {
        this.logger.error({ err: error, phase: entry.phase }, 'plugin host phase failed to stop');
        failures.push(error);
      }
    }
    if (failures.length > 0) throw failures[0];
  }
}
