import { Pool } from 'undici';
import type { SubgraphEndpoint } from '../options.js';

export type SubgraphStatus = 'up' | 'down';

/** What the gateway knows about one plugin host; `sdl` survives the host going down so its fields stay in the schema. */
export interface SubgraphState {
  readonly name: string;
  readonly url: string;
  /** Path prefix of the base URL (usually empty), prepended to every forwarded path. */
  readonly basePath: string;
  /** Keep-alive connections to the host for forwarding, planning and proxying. */
  readonly pool: Pool;
  /** One connection of its own, so health checks never queue behind busy traffic and time out falsely. */
  readonly probePool: Pool;
  status: SubgraphStatus;
  sdl: string | undefined;
}

export class SubgraphRegistry {
  readonly #byName = new Map<string, SubgraphState>();

  constructor(endpoints: SubgraphEndpoint[]) {
    for (const { name, url } of endpoints) {
      const parsed = new URL(url);
      this.#byName.set(name, {
        name,
        url: url.replace(/\/+$/, ''),
        basePath: parsed.pathname.replace(/\/+$/, ''),
        pool: new Pool(parsed.origin, { connections: 256, keepAliveTimeout: 30_000 }),
        probePool: new Pool(parsed.origin, { connections: 1 }),
        // Down until the first health check says otherwise, so nothing is sent to a host we have not seen.
        status: 'down',
        sdl: undefined,
      });
    }
  }

  get(name: string): SubgraphState | undefined {
    return this.#byName.get(name);
  }

  all(): SubgraphState[] {
    return [...this.#byName.values()];
  }

  isUp(name: string): boolean {
    return this.#byName.get(name)?.status === 'up';
  }

  statuses(): Record<string, SubgraphStatus> {
    const result: Record<string, SubgraphStatus> = {};
    for (const state of this.#byName.values()) result[state.name] = state.status;
    return result;
  }

  async close(): Promise<void> {
    await Promise.all(this.all().flatMap((state) => [state.pool.destroy(), state.probePool.destroy()]));
  }
}
