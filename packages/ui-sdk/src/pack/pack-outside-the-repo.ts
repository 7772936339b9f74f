import { cp, mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { runNpm } from './run-npm.js';

const packageDir = new URL('../../', import.meta.url).pathname;
const repoRoot = join(packageDir, '..', '..');

export interface PackedTarball {
  tarball: string;
  files: string[];
}

/**
 * Runs `npm pack` (its prepack build included) on a copy of the package inside `workDir`, so the
 * package's own dist/, which the shell and other tests read meanwhile, is never removed under them.
 * The copy keeps the layout the tsconfigs expect and borrows the repository's installed modules.
 */
export async function packOutsideTheRepo(workDir: string): Promise<PackedTarball> {
  const copy = join(workDir, 'repo', 'packages', 'ui-sdk');
  await mkdir(copy, { recursive: true });
  for (const entry of ['package.json', 'tsconfig.json', 'tsconfig.build.json', 'README.md', 'lattice-plugin.schema.json', 'ui-plugin.schema.json', 'src']) {
    await cp(join(packageDir, entry), join(copy, entry), { recursive: true });
  }
  await cp(join(repoRoot, 'tsconfig.json'), join(workDir, 'repo', 'tsconfig.json'));
  await symlink(join(repoRoot, 'node_modules'), join(workDir, 'repo', 'node_modules'));
  // The pinned webpack (5.105.x) the ./webpack entry is typed against sits in the package's own node_modules.
  await symlink(join(packageDir, 'node_modules'), join(copy, 'node_modules'));
  const destination = join(workDir, 'tarball');
  await mkdir(destination);
  const stdout = await runNpm(['pack', '--json', '--pack-destination', destination], copy);
  const [packed] = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  if (!packed) throw new Error(`npm pack printed no tarball: ${stdout}`);
  return { tarball: join(destination, packed.filename), files: packed.files.map((file) => file.path) };
}
