import { satisfy } from '@module-federation/enhanced/runtime';
import type { RefusalCheck } from '@lattice/ui-sdk';
import { fetchEntryFile, type FetchedEntryFile } from './fetch-entry-file.js';

/** One module of an `mf-manifest.json`'s `shared` list, as the Module Federation build writes it. */
interface BuiltShared {
  name?: unknown;
  requiredVersion?: unknown;
  singleton?: unknown;
}

/** The package a shared module belongs to: `react/jsx-runtime` is react's, `@apollo/client/react` @apollo/client's. */
export function sharedPackageOf(module: string): string {
  const parts = module.split('/');
  return module.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/**
 * Why the remote's own build cannot run on this shell, from its `mf-manifest.json` (the file at `ui_url`
 * when it is one, else the one beside the entry, when there is one): a module of a package the shell
 * provides that it shares with a range the shell's version does not satisfy (`version`), or shares as no
 * singleton, so a second copy (a second React) could run in its page (`shared-module`). Undefined when it
 * can run, or when it publishes no manifest (its descriptor's ranges are then all there is to check).
 */
export function builtSharedProblems(manifest: unknown, provided: Record<string, string>): { check: RefusalCheck; reason: string } | undefined {
  const shared = (manifest as { shared?: unknown } | null)?.shared;
  if (!Array.isArray(shared)) return undefined;
  const versions: string[] = [];
  const copies: string[] = [];
  for (const module of shared as BuiltShared[]) {
    if (typeof module?.name !== 'string') continue;
    const version = provided[sharedPackageOf(module.name)];
    if (version === undefined) continue;
    const range = module.requiredVersion;
    if (typeof range === 'string' && range !== '*' && range !== '' && !satisfy(version, range)) versions.push(`shared ${module.name}: built for ${range}, the shell has ${version}`);
    else if (module.singleton === false) copies.push(`shared ${module.name}: not a singleton, so the remote may run a second copy beside the shell's ${version}`);
  }
  if (versions.length > 0) return { check: 'version', reason: `mf-manifest.json ${versions.join('; ')}` };
  if (copies.length > 0) return { check: 'shared-module', reason: `mf-manifest.json ${copies.join('; ')}` };
  return undefined;
}

/**
 * Reads the remote's build manifest (`served` when `ui_url` is the manifest, else `mf-manifest.json` beside
 * the entry, which a remote may not publish) and checks its shared modules (`builtSharedProblems`).
 */
export async function buildManifestIncompatibilities(
  remoteUrl: string,
  served: FetchedEntryFile,
  provided: Record<string, string>,
  timeoutMs: number,
): Promise<{ check: RefusalCheck; reason: string } | undefined> {
  const isManifest = new URL(remoteUrl).pathname.endsWith('.json');
  const file = isManifest ? served : await fetchEntryFile(new URL('mf-manifest.json', remoteUrl).href, timeoutMs);
  if (!file.ok) return undefined;
  try {
    return builtSharedProblems(JSON.parse(new TextDecoder().decode(file.bytes)), provided);
  } catch {
    // Not JSON: a manifest beside the entry is optional, and one at ui_url was already read as the entry's.
    return undefined;
  }
}
