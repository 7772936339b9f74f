/** The fields of a workspace package.json that staging reads or rewrites. */
export interface WorkspaceManifest {
  name: string;
  version: string;
  private?: boolean;
  exports?: unknown;
  files?: string[];
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  [field: string]: unknown;
}

/** Thrown when a package cannot be published as it stands; the message says why. */
export class UnpublishableError extends Error {
  override name = 'UnpublishableError';
}

/**
 * The package.json a workspace package is published with:
 * - no `private` (the workspace copy keeps it, so `npm publish -w` of the development manifest refuses);
 * - no `development` export condition: inside the monorepo it points at `src/*.ts`, and webpack, Rsbuild and
 *   Vite resolve `development` in a dev build, so an outside project would load TypeScript from node_modules;
 * - every `@lattice/*` dependency (`"*"` in the workspace) as `^<version>` of a package published alongside;
 *   one that is not published refuses the whole package;
 * - no scripts (the build already ran) and no devDependencies; `publishConfig.access` public (a scoped
 *   package is private on the registry otherwise).
 */
export function publishManifest(manifest: WorkspaceManifest, publishedVersions: ReadonlyMap<string, string>): WorkspaceManifest {
  if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(manifest.version) || manifest.version.startsWith('0.0.0')) {
    throw new UnpublishableError(`${manifest.name}: version ${manifest.version} is not a release version (semver, above 0.0.0)`);
  }
  const { private: _private, scripts: _scripts, devDependencies: _devDependencies, ...kept } = manifest;
  const published: WorkspaceManifest = { ...kept, publishConfig: { access: 'public' } };
  if (manifest.exports !== undefined) published.exports = withoutDevelopmentCondition(manifest.exports);
  if (manifest.dependencies) published.dependencies = pinnedWorkspaceDependencies(manifest.name, manifest.dependencies, publishedVersions);
  if (manifest.peerDependencies) {
    for (const [name, range] of Object.entries(manifest.peerDependencies)) {
      if (name.startsWith('@lattice/')) throw new UnpublishableError(`${manifest.name}: peer dependency ${name}@${range} is a workspace package`);
    }
  }
  return published;
}

function pinnedWorkspaceDependencies(owner: string, dependencies: Record<string, string>, publishedVersions: ReadonlyMap<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(dependencies).map(([name, range]) => {
      if (!name.startsWith('@lattice/') && !/^(workspace|file|link):/.test(range)) return [name, range];
      const version = publishedVersions.get(name);
      if (!version) throw new UnpublishableError(`${owner}: depends on ${name}, which is not published with it (bundle it or publish it too)`);
      return [name, `^${version}`];
    }),
  );
}

/** `exports` with every `development` condition removed, at any depth. */
function withoutDevelopmentCondition(exportsField: unknown): unknown {
  if (typeof exportsField !== 'object' || exportsField === null || Array.isArray(exportsField)) return exportsField;
  return Object.fromEntries(
    Object.entries(exportsField)
      .filter(([key]) => key !== 'development')
      .map(([key, value]) => [key, withoutDevelopmentCondition(value)]),
  );
}
