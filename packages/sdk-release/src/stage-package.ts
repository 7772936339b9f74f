import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { publishManifest, UnpublishableError, type WorkspaceManifest } from './publish-manifest.js';
import { runNpm } from './run-npm.js';

export interface PackedPackage {
  name: string;
  version: string;
  tarball: string;
  /** The paths inside the tarball, as `npm pack --json` lists them. */
  files: string[];
  manifest: WorkspaceManifest;
}

export async function readManifest(packageDir: string): Promise<WorkspaceManifest> {
  return JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8')) as WorkspaceManifest;
}

/**
 * Copies what a workspace package publishes into `stageDir` and runs `npm pack` there: its built `dist/`
 * (only files built from a source file still in `src/`, so a deleted module does not ship; no source maps,
 * which would point at the unshipped `src/`; the build is turbo's, whose `^build` runs before `test` and
 * `pack-sdks` and rebuilds what changed), the other files its
 * `files` names (README, JSON Schemas) and the manifest of `publishManifest`. The workspace is not touched.
 */
export async function stageAndPack(packageDir: string, publishedVersions: ReadonlyMap<string, string>, stageDir: string, destination: string): Promise<PackedPackage> {
  const workspaceManifest = await readManifest(packageDir);
  const manifest = publishManifest(workspaceManifest, publishedVersions);
  const extraFiles = (workspaceManifest.files ?? []).filter((entry) => !entry.startsWith('!') && entry !== 'dist' && entry !== 'src' && entry !== 'README.md');
  manifest.files = ['dist', ...extraFiles, 'README.md'];

  await mkdir(stageDir, { recursive: true });
  await copyBuiltFiles(packageDir, stageDir, workspaceManifest.name);
  for (const entry of [...extraFiles, 'README.md']) {
    if (!existsSync(join(packageDir, entry))) throw new UnpublishableError(`${workspaceManifest.name}: ${entry} is listed in files but missing`);
    await cp(join(packageDir, entry), join(stageDir, entry), { recursive: true });
  }
  await writeFile(join(stageDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  for (const target of exportTargets(manifest.exports)) {
    if (!existsSync(join(stageDir, target))) throw new UnpublishableError(`${workspaceManifest.name}: its exports name ${target}, which the build did not write`);
  }

  await mkdir(destination, { recursive: true });
  const { stdout } = await runNpm(['pack', '--json', '--ignore-scripts', '--pack-destination', destination], stageDir);
  const [packed] = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  if (!packed) throw new Error(`npm pack printed no tarball for ${workspaceManifest.name}: ${stdout}`);
  return { name: manifest.name, version: manifest.version, tarball: join(destination, packed.filename), files: packed.files.map((file) => file.path), manifest };
}

/** Sources a built file may come from, by the built file's ending. */
const sourceEndings: Array<[built: string, sources: string[]]> = [
  ['.d.ts', ['.ts', '.tsx']],
  ['.js', ['.ts', '.tsx', '.js']],
  ['.json', ['.json']],
];

async function copyBuiltFiles(packageDir: string, stageDir: string, name: string): Promise<void> {
  const distDir = join(packageDir, 'dist');
  if (!existsSync(distDir)) throw new UnpublishableError(`${name}: no dist/ (build it first: npx turbo run build --filter=${name})`);
  for (const file of await readdir(distDir, { recursive: true })) {
    const ending = sourceEndings.find(([built]) => file.endsWith(built));
    if (!ending) continue;
    const stem = file.slice(0, -ending[0].length);
    const source = ending[1].map((sourceEnding) => join(packageDir, 'src', stem + sourceEnding)).find((candidate) => existsSync(candidate));
    if (!source) continue; // built from a module since deleted
    const built = join(distDir, file);
    await mkdir(dirname(join(stageDir, 'dist', file)), { recursive: true });
    await cp(built, join(stageDir, 'dist', file));
  }
}

/** Every file path an `exports` field points at. */
function exportTargets(exportsField: unknown): string[] {
  if (typeof exportsField === 'string') return [exportsField];
  if (typeof exportsField !== 'object' || exportsField === null) return [];
  return Object.values(exportsField).flatMap(exportTargets);
}
