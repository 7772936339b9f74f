import type { SubgraphEndpoint } from '../options.js';
import { Replica, type SubgraphStatus } from './replica.js';
import { GRAPHQL_LIMITS, type SubgraphSigner } from '@lattice/contracts';
import { FairTurns } from '../fairness/fair-turns.js';

export type { SubgraphStatus } from './replica.js';

/**
 * Requests one caller may have running at one plugin at once: enough for a screen's few queries, few enough
 * that one member's burst of heavy queries waits behind itself instead of filling the plugin's event loop.
 */
export const TURNS_PER_CALLER = 2;
/** Requests running at one replica at once, from all callers; past it, callers take turns in rotation. */
export const TURNS_PER_REPLICA = 32;

/**
 * What the gateway knows about one plugin: its replicas and the SDL last read from one coming up. `sdl`
 * survives every replica going down, so the plugin's fields stay in the schema.
 */
export class SubgraphState {
  readonly replicas: readonly Replica[];
  /** Fair turns in front of the plugin's replicas; a request waits at most its execution deadline for one. */
  readonly turns: FairTurns;
  sdl: string | undefined;
  #next = 0;

  constructor(
    readonly name: string,
    urls: readonly string[],
    signer?: SubgraphSigner,
    turnsPerCaller = TURNS_PER_CALLER,
  ) {
    this.replicas = urls.map((url) => new Replica(name, url, signer));
    this.turns = new FairTurns(turnsPerCaller, TURNS_PER_REPLICA * this.replicas.length, GRAPHQL_LIMITS.deadlineMs);
  }

  /** Names the plugin in the composed supergraph; requests never go to it directly. */
  get url(): string {
    return this.replicas[0]?.url ?? '';
  }

  /** Up while at least one replica is up. */
  get status(): SubgraphStatus {
    return this.replicas.some((replica) => replica.status === 'up') ? 'up' : 'down';
  }

  /** A replica that is up (other than `not`), the least busy one, taking turns among equals; undefined when none is. */
  pick(not?: Replica): Replica | undefined {
    const count = this.replicas.length;
    this.#next = (this.#next + 1) % count;
    let best: Replica | undefined;
    for (let offset = 0; offset < count; offset++) {
      const replica = this.replicas[(this.#next + offset) % count];
      if (!replica || replica.status !== 'up' || replica === not) continue;
      if (!best || replica.inFlight < best.inFlight) best = replica;
    }
    return best;
  }
}

export interface ReplicaReport {
  url: string;
  status: SubgraphStatus;
}

export class SubgraphRegistry {
  readonly #byName = new Map<string, SubgraphState>();

  constructor(endpoints: SubgraphEndpoint[], signer?: SubgraphSigner, turnsPerCaller?: number) {
    for (const { name, urls } of endpoints) this.#byName.set(name, new SubgraphState(name, urls, signer, turnsPerCaller));
  }

  get(name: string): SubgraphState | undefined {
    return this.#byName.get(name);
  }

  all(): SubgraphState[] {
    return [...this.#byName.values()];
  }

  /** True when some plugin runs more than one replica. */
  isReplicated(): boolean {
    return this.all().some((state) => state.replicas.length > 1);
  }

  statuses(): Record<string, SubgraphStatus> {
    const result: Record<string, SubgraphStatus> = {};
    for (const state of this.#byName.values()) result[state.name] = state.status;
    return result;
  }

  replicaStatuses(): Record<string, ReplicaReport[]> {
    const result: Record<string, ReplicaReport[]> = {};
    for (const state of this.#byName.values()) {
      result[state.name] = state.replicas.map(({ url, status }) => ({ url, status }));
    }
    return result;
  }

  async close(): Promise<void> {
    await Promise.all(this.all().flatMap((state) => state.replicas.map((replica) => replica.close())));
  }
}
