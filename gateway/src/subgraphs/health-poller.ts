import type { Logger } from 'pino';
import { fetchSubgraphSdl, isHealthy } from './probe-subgraph.js';
import type { SubgraphRegistry, SubgraphState } from './subgraph-registry.js';

export interface HealthPollerOptions {
  intervalMs: number;
  logger: Logger;
  /** Called after a round in which a plugin came up with an SDL the gateway has not composed yet. */
  onSchemaChanged: (plugins: SubgraphState[]) => void;
}

/**
 * Polls every plugin's `/health` and keeps `status` and `sdl` in the registry current. A plugin that goes
 * down keeps its last SDL, so the schema does not change under clients; one that comes up has its SDL
 * fetched again (it may have been redeployed) before it is marked up.
 */
export class HealthPoller {
  readonly #registry: SubgraphRegistry;
  readonly #options: HealthPollerOptions;
  readonly #timeoutMs: number;
  #timer: NodeJS.Timeout | undefined;
  #round: Promise<void> | undefined;
  #stopped = false;

  constructor(registry: SubgraphRegistry, options: HealthPollerOptions) {
    this.#registry = registry;
    this.#options = options;
    // A floor of 1 s so a loaded machine does not read a slow answer as a dead plugin.
    this.#timeoutMs = Math.max(1000, Math.min(options.intervalMs, 2000));
  }

  start(): void {
    this.#schedule();
  }

  stop(): void {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
  }

  /** Runs a round now; rounds never overlap, a caller during one waits for it and then runs its own. */
  async checkNow(): Promise<void> {
    while (this.#round) await this.#round;
    this.#round = this.#checkAll().finally(() => {
      this.#round = undefined;
    });
    await this.#round;
  }

  #schedule(): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.checkNow()
        .catch((error: unknown) => this.#options.logger.error({ err: error }, 'health round failed'))
        .finally(() => this.#schedule());
    }, this.#options.intervalMs);
    this.#timer.unref();
  }

  async #checkAll(): Promise<void> {
    const changed: SubgraphState[] = [];
    await Promise.all(
      this.#registry.all().map(async (subgraph) => {
        const healthy = await isHealthy(subgraph, this.#timeoutMs);
        if (this.#stopped) return;
        if (!healthy) {
          if (subgraph.status === 'up') this.#options.logger.warn({ plugin: subgraph.name }, 'plugin went down');
          subgraph.status = 'down';
          return;
        }
        if (subgraph.status === 'up') return;
        let sdl: string;
        try {
          sdl = await fetchSubgraphSdl(subgraph, this.#timeoutMs);
        } catch (error) {
          this.#options.logger.warn({ plugin: subgraph.name, err: error }, 'plugin is healthy but its SDL could not be read');
          return;
        }
        if (sdl !== subgraph.sdl) changed.push(subgraph);
        subgraph.sdl = sdl;
        subgraph.status = 'up';
        this.#options.logger.info({ plugin: subgraph.name }, 'plugin is up');
      }),
    );
    if (changed.length > 0 && !this.#stopped) this.#options.onSchemaChanged(changed);
  }
}
