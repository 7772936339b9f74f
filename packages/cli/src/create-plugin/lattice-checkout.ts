import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CreatePluginError } from './plugin-names.js';

interface RootPackage {
  name?: unknown;
  workspaces?: unknown;
}

function readRootPackage(dir: string): RootPackage | undefined {
  const file = join(dir, 'package.json');
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as RootPackage;
  } catch {
    return undefined;
  }
}

/** A Lattice checkout: the root package.json is "lattice" and its workspaces hold api-plugins/* and ui-plugins/*. */
function isLatticeCheckout(dir: string): boolean {
  const root = readRootPackage(dir);
  const workspaces = Array.isArray(root?.workspaces) ? root.workspaces : [];
  return root?.name === 'lattice' && workspaces.includes('api-plugins/*') && workspaces.includes('ui-plugins/*');
}

/** The Lattice checkout holding `from` (the folder itself or one above it). */
export function findLatticeCheckout(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (isLatticeCheckout(dir)) return dir;
    if (dirname(dir) === dir) break;
  }
  throw new CreatePluginError(
    `${from} is not in a Lattice checkout (no package.json named "lattice" with the workspaces api-plugins/* and ui-plugins/* here or above): run create-plugin inside one`,
  );
}
