import type { GraphqlLimits } from '@lattice/contracts';
import type { Logger } from 'pino';
import type { SubgraphRegistry, SubgraphState } from '../subgraphs/subgraph-registry.js';
import type { SubgraphSdl } from './compose-supergraph.js';
import { OperationPreparer } from './operation-preparer.js';
import { buildSupergraph } from './supergraph.js';

/**
 * Holds the composition in service and replaces it when plugins bring new SDL. A plugin whose SDL does
 * not compose is kept out (or on the SDL it last composed with) instead of holding back the others.
 */
export class CompositionKeeper {
  #preparer: OperationPreparer | undefined;
  #composed = new Map<string, SubgraphSdl>();

  constructor(
    private readonly registry: SubgraphRegistry,
    private readonly logger: Logger,
    private readonly dev: boolean,
    private readonly limits: Readonly<GraphqlLimits>,
  ) {}

  /** The current composition, or undefined before any plugin has composed. */
  get preparer(): OperationPreparer | undefined {
    return this.#preparer;
  }

  /** Composes in every plugin whose latest SDL is not the one in service (new, redeployed, or kept out before). */
  update(): void {
    const changed = this.registry
      .all()
      .filter((plugin) => plugin.sdl !== undefined && plugin.sdl !== this.#composed.get(plugin.name)?.sdl);
    if (changed.length === 0) return;
    const next = new Map(this.#composed);
    for (const plugin of changed) next.set(plugin.name, this.#sdlOf(plugin));
    if (this.#tryCompose(next, changed)) return;
    if (changed.length === 1) return;
    // Add the changed plugins one at a time so one bad schema only keeps its own plugin out.
    let base = new Map(this.#composed);
    for (const plugin of [...changed].sort((a, b) => a.name.localeCompare(b.name))) {
      const candidate = new Map(base).set(plugin.name, this.#sdlOf(plugin));
      if (this.#tryCompose(candidate, [plugin])) base = candidate;
    }
  }

  #sdlOf(plugin: SubgraphState): SubgraphSdl {
    return { name: plugin.name, url: plugin.url, sdl: plugin.sdl ?? '' };
  }

  #tryCompose(sdls: Map<string, SubgraphSdl>, blamed: SubgraphState[]): boolean {
    try {
      const supergraph = buildSupergraph([...sdls.values()], this.registry, this.logger);
      this.#preparer = new OperationPreparer(supergraph, this.dev, this.limits);
      this.#composed = sdls;
      this.logger.info({ plugins: supergraph.plugins }, 'supergraph composed');
      return true;
    } catch (error) {
      this.logger.error(
        { err: error, plugins: blamed.map(({ name }) => name) },
        'supergraph composition failed; keeping the previous one',
      );
      return false;
    }
  }
}
