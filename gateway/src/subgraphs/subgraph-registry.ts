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
 * How long a request may wait for its turn before it is refused, in the hosts' execution deadlines: three, so a
 * screen's ten queries from one caller all get their turn on a starved machine, where each takes seconds (the
 * 10 s deadline as the wait refused some of 500 with four busy loops on 2 cores), and a member's burst still ends.
 */
export const TURN_WAITS_PER_DEADLINE = 3;
/** The turn wait with the default deadline (GRAPHQL_LIMITS.deadlineMs): 30 s. */
export const TURN_WAIT_MS = TURN_WAITS_PER_DEADLINE * GRAPHQL_LIMITS.deadlineMs;
/**
 * How long a request waits for a replica of a plugin that has none ready (a replica going away before the next is
 * seen, a restart): within this long after its last replica went down. A plugin down for longer fails at once.
 */
export const REPLICA_WAIT_MS = 5_000;
/** Requests that may wait for a replica of one plugin at once; past it they fail at once. */
export const MAX_WAITING_FOR_REPLICA = 256;

/** How the gateway talks to every plugin's replicas. */
export interface ReplicaSettings {
  /** Signs each replica's `/graphql` requests (hosts refuse unsigned ones). */
  signer?: SubgraphSigner;
  /** Requests one caller may have running at one plugin at once (TURNS_PER_CALLER when not given). */
  turnsPerCaller?: number;
  /** How long a `/graphql` call waits for the host's answer (DEFAULT_SUBGRAPH_TIMEOUT_MS when not given). */
  graphqlTimeoutMs?: number;
  /** The hosts' execution deadline (GRAPHQL_LIMITS.deadlineMs when not given): a request waits three for its turn. */
  deadlineMs?: number;
}

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
  /** Requests waiting for a replica to come up: each resolves itself when woken or when its wait is over. */
  readonly #waiting = new Set<() => void>();

  constructor(
    readonly name: string,
    urls: readonly string[],
    { signer, turnsPerCaller = TURNS_PER_CALLER, graphqlTimeoutMs, deadlineMs = GRAPHQL_LIMITS.deadlineMs }: ReplicaSettings = {},
  ) {
    this.replicas = urls.map((url) => new Replica(name, url, signer, graphqlTimeoutMs));
    for (const replica of this.replicas) replica.onUp = () => [...this.#waiting].forEach((wake) => wake());
    this.turns = new FairTurns(turnsPerCaller, TURNS_PER_REPLICA * this.replicas.length, TURN_WAITS_PER_DEADLINE * deadlineMs);
  }

  /** Names the plugin in the composed supergraph; requests never go to it directly. */
  get url(): string {
    return this.replicas[0]?.url ?? '';
  }

  /** Up while at least one replica is up. */
  get status(): SubgraphStatus {
    return this.replicas.some((replica) => replica.status === 'up') ? 'up' : 'down';
  }

  /**
   * A replica that is up (other than `not`), the least busy one, taking turns among equals; a draining one only
   * when no other is up; undefined when none is.
   */
  pick(not?: Replica): Replica | undefined {
    const count = this.replicas.length;
    this.#next = (this.#next + 1) % count;
    let best: Replica | undefined;
    for (let offset = 0; offset < count; offset++) {
      const replica = this.replicas[(this.#next + offset) % count];
      if (!replica || replica.status !== 'up' || replica === not) continue;
      if (!best || (best.draining && !replica.draining) || (best.draining === replica.draining && replica.inFlight < best.inFlight)) best = replica;
    }
    return best;
  }

  /**
   * Resolves true once a replica is up, at once when one is; false when none came up within `timeoutMs`, when the
   * plugin has been down longer than that already, or when MAX_WAITING_FOR_REPLICA requests wait already.
   */
  waitForReplica(timeoutMs = REPLICA_WAIT_MS): Promise<boolean> {
    if (this.status === 'up') return Promise.resolve(true);
    const downFor = performance.now() - Math.max(...this.replicas.map((replica) => replica.downAt));
    const left = timeoutMs - downFor;
    if (left <= 0 || this.#waiting.size >= MAX_WAITING_FOR_REPLICA) return Promise.resolve(false);
    return new Promise((resolve) => {
      const done = (up: boolean) => {
        clearTimeout(timer);
        this.#waiting.delete(wake);
        resolve(up);
      };
      const wake = () => done(true);
      const timer = setTimeout(() => done(false), left);
      this.#waiting.add(wake);
    });
  }
}

export interface ReplicaReport {
  url: string;
  status: SubgraphStatus;
}

export class SubgraphRegistry {
  readonly #byName = new Map<string, SubgraphState>();

  constructor(endpoints: SubgraphEndpoint[], settings: ReplicaSettings = {}) {
    for (const { name, urls } of endpoints) this.#byName.set(name, new SubgraphState(name, urls, settings));
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
