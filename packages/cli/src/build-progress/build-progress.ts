import type { PlannedBuild } from './plan-build.js';

/** Which builds are done and which are under way, told only when a build finishes (turbo's grouped logs). */
export class BuildProgress {
  readonly #finished = new Set<string>();

  constructor(readonly builds: PlannedBuild[]) {}

  get total(): number {
    return this.builds.length;
  }

  get done(): number {
    return this.#finished.size;
  }

  get cached(): number {
    return this.builds.filter((build) => build.cached).length;
  }

  /** Marks a build finished; false when it was already (or is not a planned build). */
  finish(name: string): boolean {
    if (this.#finished.has(name) || !this.builds.some((build) => build.name === name)) return false;
    this.#finished.add(name);
    return true;
  }

  /** Builds whose dependencies are all done and that are not done themselves: those turbo is running. */
  building(): string[] {
    return this.builds
      .filter((build) => !this.#finished.has(build.name) && build.dependencies.every((name) => this.#finished.has(name)))
      .map((build) => build.name);
  }
}
