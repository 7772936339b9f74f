import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { latticeCommand } from '../../test-kit/role-process.js';

/** The repository this package is in. */
export const repositoryRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
// By URL: a child started outside the repository (the not-a-checkout case) finds no tsx of its own.
const tsx = import.meta.resolve('tsx');

/**
 * A Lattice checkout to generate into, inside the repository's git-ignored `.data/` so that the generated
 * code resolves the repository's node_modules (as a checkout's own would be after `npm install`), while the
 * real api-plugins/, ui-plugins/ and configs.json are never touched. It holds the root package.json,
 * tsconfig.json and configs.json, and a documents plugin folder (a plugin that exists).
 */
export async function makeScratchCheckout(): Promise<string> {
  const root = join(repositoryRoot, '.data', `create-plugin-test-${randomBytes(4).toString('hex')}`);
  await mkdir(join(root, 'api-plugins', 'documents'), { recursive: true });
  await mkdir(join(root, 'ui-plugins'), { recursive: true });
  await writeFile(join(root, 'api-plugins', 'documents', 'package.json'), '{ "name": "@lattice/plugin-documents" }\n');
  for (const file of ['package.json', 'tsconfig.json', 'configs.json']) await copyFile(join(repositoryRoot, file), join(root, file));
  return root;
}

/** Every file below `dir`, relative to it, sorted. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.parentPath.includes('node_modules') && !entry.parentPath.includes(`${dir}/dist`))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end, collecting its output. */
export function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    // Without NODE_TEST_CONTEXT: set by the test runner around us, it would make a child `node --test` report
    // to this process's runner in its binary form instead of printing its own results.
    const { NODE_TEST_CONTEXT: _testContext, ...inherited } = process.env;
    const child = spawn(command, args, { cwd, env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The built `lattice <args…>`, in `cwd` (no tsx transpiling the CLI's sources in every run). */
export function runLattice(args: string[], cwd: string): Promise<Run> {
  const { command, args: argv } = latticeCommand(args);
  return run(command, argv, cwd);
}

/** Builds a generated UI remote with its webpack.config.js (see build-ui-remote.ts). */
export function buildUiRemote(dir: string): Promise<Run> {
  return run(process.execPath, ['--conditions=development', '--import', tsx, fileURLToPath(new URL('./build-ui-remote.ts', import.meta.url)), dir], dir);
}

/** A generated package's own tests (`node --test`), as its `npm test` runs them. */
export function runOwnTests(dir: string, files: string[]): Promise<Run> {
  return run(process.execPath, ['--conditions=development', '--import', tsx, '--test', '--test-concurrency=1', ...files], dir, { LOG_LEVEL: 'silent' });
}

export async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await readFile(file, 'utf8')) as T;
}
