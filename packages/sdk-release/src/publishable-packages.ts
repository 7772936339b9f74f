import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readManifest, stageAndPack, type PackedPackage } from './stage-package.js';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The packages published to the npm registry, dependencies first. The two SDKs are what outside teams
 * install; `@lattice/contracts` (queue payloads, error codes) and `@lattice/broker` (the broker interface
 * plugin-sdk's types and `callPluginRPC` use) are published beside plugin-sdk rather than bundled into it,
 * so a plugin and the platform share one copy of each contract and error class.
 */
export const publishedPackageDirs = ['packages/contracts', 'packages/broker', 'packages/plugin-sdk', 'packages/ui-sdk'];

/** Packs every published package into `destination`; the staging copies go to a temporary folder. */
export async function packPublishedPackages(destination: string): Promise<Map<string, PackedPackage>> {
  const dirs = publishedPackageDirs.map((dir) => join(repoRoot, dir));
  const manifests = await Promise.all(dirs.map(readManifest));
  const versions = new Map(manifests.map((manifest) => [manifest.name, manifest.version]));
  const stageRoot = await mkdtemp(join(tmpdir(), 'lattice-sdk-stage-'));
  try {
    const packed = new Map<string, PackedPackage>();
    for (const [index, dir] of dirs.entries()) {
      const result = await stageAndPack(dir, versions, join(stageRoot, String(index)), destination);
      packed.set(result.name, result);
    }
    return packed;
  } finally {
    await rm(stageRoot, { recursive: true, force: true });
  }
}
