import { execFile } from 'node:child_process';
import { cp, mkdtemp, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

/** playwright/fixtures: remotes as teams outside this repository build them, with toolchains the shell does not use. */
export const fixturesDir = fileURLToPath(new URL('../../fixtures/', import.meta.url));

/** The build tools of the fixtures. */
export type FixtureTool = '@rsbuild/core' | 'vite';

/** The command-line script of a build tool, as its package declares it. */
function toolBin(pkg: FixtureTool): string {
  const manifest = require.resolve(`${pkg}/package.json`);
  const { bin } = require(manifest) as { bin: Record<string, string> };
  return join(dirname(manifest), Object.values(bin)[0]!);
}

/** `rsbuild build` / `vite build` in a fixture's folder (or a copy of it), into its `dist`; the seconds it took. */
export async function buildFixture(cwd: string, tool: FixtureTool): Promise<number> {
  const started = performance.now();
  await run(process.execPath, [toolBin(tool), 'build'], { cwd, env: { ...process.env, NODE_ENV: 'production' } });
  return (performance.now() - started) / 1000;
}

/**
 * A copy of a fixture outside the repository, for a test to change its code and build it as its team
 * would. Its `node_modules` is a link to the repository's, so the build finds the same tools and packages.
 */
export async function copyFixture(fixture: string): Promise<string> {
  const copy = await mkdtemp(join(tmpdir(), `lattice-${fixture}-`));
  await cp(join(fixturesDir, fixture), copy, { recursive: true, filter: (source) => !/[/\\](dist|node_modules)$/.test(source) });
  await symlink(fileURLToPath(new URL('../../../node_modules', import.meta.url)), join(copy, 'node_modules'), 'dir');
  return copy;
}
