import { Pool } from 'undici';
import type { SubgraphSigner } from '@lattice/contracts';
import { DEFAULT_SUBGRAPH_TIMEOUT_MS } from '../options.js';

export type SubgraphStatus = 'up' | 'down';

/** Probes that only time out (or fail without a definite answer) in a row before a replica is taken out. */
export const FAILED_PROBES_BEFORE_DOWN = 3;

/** One host of a plugin: its own connections, its own status. */
export class Replica {
  readonly url: string;
  /** Path prefix of the base URL (usually empty), prepended to every forwarded path. */
  readonly basePath: string;
  /** Keep-alive connections to the host for forwarding, planning and proxying. */
  readonly pool: Pool;
  /** One connection of its own, so health checks never queue behind busy traffic and time out falsely. */
  readonly probePool: Pool;
  // Down until the first probe says otherwise, so nothing is sent to a host we have not seen.
  #status: SubgraphStatus = 'down';
  /** When (performance.now()) it last went down; -Infinity while it never was up. */
  downAt = -Infinity;
  /**
   * Up, but stopping (its readiness says so): it gets requests only while no other replica of its plugin is ready,
   * so the last replica's drain hands over to a new one instead of leaving the plugin without any.
   */
  draining = false;
  /** Called each time it comes up (SubgraphState wakes the requests waiting for a replica). */
  onUp: (() => void) | undefined;
  /** Probes in a row that timed out; reset by any definite answer. */
  failedProbes = 0;
  /** Requests sent to it that have not finished, for balancing. */
  inFlight = 0;
  /** When (performance.now()) it last answered a request: a host that answers is alive, however slow its probes. */
  lastAnsweredAt = -Infinity;

  constructor(
    readonly plugin: string,
    url: string,
    /** Signs this replica's `/graphql` requests (the host refuses unsigned ones); none for hosts that do not check. */
    readonly signer?: SubgraphSigner,
    /**
     * How long a `/graphql` call waits for the answer's headers, then for each next part of its body; past it the
     * call fails with UND_ERR_HEADERS_TIMEOUT / UND_ERR_BODY_TIMEOUT (a 'timeout' TransportFailure). Other routes
     * of the plugin (uploads, exports) keep undici's own time-outs.
     */
    readonly graphqlTimeoutMs = DEFAULT_SUBGRAPH_TIMEOUT_MS,
  ) {
    const parsed = new URL(url);
    this.url = url.replace(/\/+$/, '');
    this.basePath = parsed.pathname.replace(/\/+$/, '');
    this.pool = new Pool(parsed.origin, { connections: 256, keepAliveTimeout: 30_000 });
    this.probePool = new Pool(parsed.origin, { connections: 1 });
  }

  get status(): SubgraphStatus {
    return this.#status;
  }

  set status(status: SubgraphStatus) {
    if (status === this.#status) return;
    this.#status = status;
    if (status === 'down') {
      this.downAt = performance.now();
      this.draining = false;
    } else {
      this.onUp?.();
    }
  }

  /**
   * The signature header of a `/graphql` request to this replica, made anew for each request sent (its nonce is
   * accepted once): `method` WEBSOCKET_UPGRADE for a subscription's upgrade, `body` undefined for it and GET.
   */
  /** The undici options that bound a `/graphql` call to `graphqlTimeoutMs`. */
  get graphqlTimeouts(): { headersTimeout: number; bodyTimeout: number } {
    return { headersTimeout: this.graphqlTimeoutMs, bodyTimeout: this.graphqlTimeoutMs };
  }

  signature(method: string, body?: string | Buffer): Record<string, string> {
    return this.signer ? this.signer.headers({ audience: this.plugin, method, target: `${this.basePath}/graphql` }, body) : {};
  }

  async close(): Promise<void> {
    await Promise.all([this.pool.destroy(), this.probePool.destroy()]);
  }
}
