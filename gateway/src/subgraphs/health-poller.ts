import type { Logger } from 'pino';
import { fetchSubgraphSdl, probeReplica, type ProbeOutcome } from './probe-subgraph.js';
import { FAILED_PROBES_BEFORE_DOWN, type Replica } from './replica.js';
import type { SubgraphRegistry, SubgraphState } from './subgraph-registry.js';

export interface HealthPollerOptions {
  intervalMs: number;
  /** How long one probe may take before it counts as failed. */
  timeoutMs: number;
  logger: Logger;
  /** Called after a round in which a replica came up with an SDL the gateway has not composed yet. */
  onSchemaChanged: (plugins: SubgraphState[]) => void;
}

/**
 * How late a probe's time-out may fire before the gateway counts its own event loop as stalled: in one process
 * with the plugin hosts (npm start), a host busy with a large answer holds the gateway's loop too, and every
 * probe of that moment would time out for a reason that is not the replica's.
 */
const STALL_GRACE_MS = 250;

interface Probe {
  subgraph: SubgraphState;
  replica: Replica;
  outcome: ProbeOutcome;
  /** The probe could not tell: the gateway itself was stalled, or the replica answered requests meanwhile. */
  inconclusive: boolean;
}

/**
 * Probes every replica's `/health/ready` and keeps each replica's status and each plugin's `sdl` current.
 * A refused connection or a definite non-2xx takes a replica out at once (a draining host's 503 only marks it
 * draining: it serves while no other replica is ready); probes that only time out take
 * it out after FAILED_PROBES_BEFORE_DOWN in a row, so one slow answer on a busy machine is no alarm. A
 * replica coming up has its SDL read again (it may have been redeployed) before it takes traffic.
 */
export class HealthPoller {
  readonly #registry: SubgraphRegistry;
  readonly #options: HealthPollerOptions;
  #timer: NodeJS.Timeout | undefined;
  #round: Promise<void> | undefined;
  #stopped = false;

  constructor(registry: SubgraphRegistry, options: HealthPollerOptions) {
    this.#registry = registry;
    this.#options = options;
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
    const changed = new Set<SubgraphState>();
    const probes = await Promise.all(this.#registry.all().flatMap((subgraph) => subgraph.replicas.map((replica) => this.#probe(subgraph, replica))));
    // Every replica that was up timing out at once says more about this side (the machine, the gateway's own
    // loop) than about each of them: such a round counts for none, so one busy process never takes all out.
    const up = probes.filter(({ replica }) => replica.status === 'up');
    const allSilent = up.length > 1 && up.every(({ outcome }) => outcome === 'no-answer');
    await Promise.all(
      probes.map(async (probe) => {
        if (await this.#apply(probe, allSilent)) changed.add(probe.subgraph);
      }),
    );
    if (changed.size > 0 && !this.#stopped) this.#options.onSchemaChanged([...changed]);
  }

  async #probe(subgraph: SubgraphState, replica: Replica): Promise<Probe> {
    const { timeoutMs } = this.#options;
    const started = performance.now();
    const outcome = await probeReplica(replica, timeoutMs);
    const lateBy = performance.now() - started - timeoutMs;
    const inconclusive = outcome === 'no-answer' && (lateBy > STALL_GRACE_MS || replica.lastAnsweredAt >= started - this.#options.intervalMs);
    return { subgraph, replica, outcome, inconclusive };
  }

  /** Applies one probe's outcome; true when the replica came up with an SDL its plugin did not have. */
  async #apply({ subgraph, replica, outcome, inconclusive }: Probe, allSilent: boolean): Promise<boolean> {
    const { logger, timeoutMs } = this.#options;
    if (this.#stopped) return false;
    const where = { plugin: replica.plugin, replica: replica.url };
    if (outcome === 'no-answer') {
      if (inconclusive || allSilent) {
        logger.info({ ...where, reason: allSilent ? 'every replica silent at once' : 'busy, not dead' }, 'replica probe timed out; not counted');
        return false;
      }
      replica.failedProbes += 1;
      if (replica.failedProbes < FAILED_PROBES_BEFORE_DOWN || replica.status === 'down') return false;
      logger.warn({ ...where, failedProbes: replica.failedProbes }, 'replica did not answer its probes; taken out');
      replica.status = 'down';
      return false;
    }
    replica.failedProbes = 0;
    if (outcome === 'draining') {
      // Stopping: still served while no other replica is ready (pick), so the last one hands over without a gap.
      if (replica.status === 'up' && !replica.draining) logger.info(where, 'replica is draining; used only while no other replica is ready');
      if (replica.status === 'up') replica.draining = true;
      return false;
    }
    if (outcome !== 'ready') {
      if (replica.status === 'up') logger.warn({ ...where, reason: outcome }, 'replica is not ready; taken out');
      replica.status = 'down';
      return false;
    }
    replica.draining = false;
    if (replica.status === 'up') return false;
    let sdl: string;
    try {
      sdl = await fetchSubgraphSdl(replica, timeoutMs);
    } catch (error) {
      logger.warn({ ...where, err: error }, 'replica is ready but its SDL could not be read');
      return false;
    }
    if (this.#stopped) return false;
    const changed = sdl !== subgraph.sdl;
    subgraph.sdl = sdl;
    replica.status = 'up';
    logger.info(where, 'replica is up');
    return changed;
  }
}
