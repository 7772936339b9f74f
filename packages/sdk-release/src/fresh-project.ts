import { execFile } from 'node:child_process';
import { cp, mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { runNpm } from './run-npm.js';

const run = promisify(execFile);

/** packages/sdk-release/projects: the files a team writes by hand, per toolchain (the README's quick start). */
export const projectsDir = fileURLToPath(new URL('../projects/', import.meta.url));

/** npm's flags for a fast install from the shared cache: the registry is asked only for what the cache lacks. */
export const installFlags = ['--prefer-offline', '--no-audit', '--no-fund'];

/** The lines npm printed on stderr while installing: its warnings, if any. */
export type InstallWarnings = string[];

/** `npm init -y` in a new folder under `parent`, as a team starts a project. */
export async function npmInit(parent: string, name: string): Promise<string> {
  const project = join(parent, name);
  await mkdir(project, { recursive: true });
  await runNpm(['init', '-y'], project);
  return project;
}

/** Copies template files into the project: `[from (under projects/), to (in the project)]`. */
export async function addFiles(project: string, files: Array<[from: string, to: string]>): Promise<void> {
  for (const [from, to] of files) {
    await mkdir(dirname(join(project, to)), { recursive: true });
    await cp(join(projectsDir, from), join(project, to), { recursive: true });
  }
}

/** `npm install <packages>` in the project; npm's stderr lines (warnings) are returned for the test to judge. */
export async function npmInstall(project: string, packages: string[]): Promise<InstallWarnings> {
  const { stderr } = await runNpm(['install', ...installFlags, ...packages], project);
  return stderr.split('\n').filter((line) => line.trim() !== '');
}

/** The command-line script `bin` of a package installed in the project (what `npx <bin>` runs). */
export async function projectBin(project: string, pkg: string, bin?: string): Promise<string> {
  const manifestPath = join(project, 'node_modules', pkg, 'package.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as { bin: string | Record<string, string> };
  const script = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin[bin ?? Object.keys(manifest.bin)[0]!]!;
  return join(dirname(manifestPath), script);
}

export interface CommandResult {
  ok: boolean;
  output: string;
}

/** Runs a package's bin with node in the project (`npx tsc -p .`, `npx vite build`, …), with a fresh environment. */
export async function runBin(project: string, pkg: string, args: string[], bin?: string): Promise<CommandResult> {
  const script = await projectBin(project, pkg, bin);
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) && key !== 'NODE_OPTIONS'));
  try {
    const { stdout, stderr } = await run(process.execPath, [script, ...args], { cwd: project, env: { ...env, NODE_ENV: 'production' }, maxBuffer: 32 * 1024 * 1024 });
    return { ok: true, output: `${stdout}${stderr}` };
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; message: string };
    return { ok: false, output: `${failure.message}\n${failure.stdout ?? ''}${failure.stderr ?? ''}` };
  }
}

/** `node --input-type=module -e <code>` in the project: what a script of the team's would see when it imports a package. */
export async function runNode(project: string, code: string): Promise<string> {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', code], { cwd: project });
  return stdout;
}
