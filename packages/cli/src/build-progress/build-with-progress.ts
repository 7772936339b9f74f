import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Writable } from 'node:stream';
import { BuildProgress } from './build-progress.js';
import { planBuild } from './plan-build.js';
import { reportProgress } from './progress-reporter.js';
import { turboCommand } from './turbo-command.js';

export interface BuildOptions {
  /** The repository (turbo finds its root from here). */
  cwd: string;
  /** More `turbo run build` arguments, e.g. `--filter=@lattice/cli...`. */
  args?: string[];
  output: Writable & { columns?: number };
  interactive: boolean;
  quietLimitMs?: number;
}

/**
 * `turbo run build` with its progress shown instead of its logs. Turbo's grouped log order prints each
 * package's output, prefixed `<package>:build: `, once that build ends, so its first line says the build
 * finished; the dry run before it gives the packages and their order. A failed build's output is shown.
 */
export async function buildWithProgress(options: BuildOptions): Promise<boolean> {
  const args = options.args ?? [];
  const progress = new BuildProgress(await planBuild(options.cwd, args));
  const reporter = reportProgress(progress, options);
  const [command, commandArgs] = turboCommand(['run', 'build', '--log-order=grouped', '--output-logs=full', '--ui=stream', '--no-color', ...args]);
  const turbo = spawn(command, commandArgs, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });

  const logs = new Map<string, string[]>();
  const summary: string[] = [];
  let stderr = '';
  turbo.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const lines = createInterface({ input: turbo.stdout });
  lines.on('line', (line) => {
    const build = progress.builds.find(({ name }) => line.startsWith(`${name}:build: `));
    if (!build) return void summary.push(line);
    if (!logs.has(build.name)) logs.set(build.name, []);
    logs.get(build.name)!.push(line);
    if (progress.finish(build.name)) reporter.finished(build.name);
  });
  const code = await new Promise<number>((resolve, reject) => {
    turbo.once('error', reject);
    turbo.once('close', (exitCode) => resolve(exitCode ?? 1));
  });
  if (code === 0) {
    reporter.end();
    return true;
  }
  const failed = /^Failed:\s+(.+)$/m.exec(summary.join('\n'))?.[1]?.split(/,\s*/).map((taskId) => taskId.replace(/#build$/, '')) ?? [];
  for (const name of failed) options.output.write(`${(logs.get(name) ?? []).join('\n')}\n`);
  options.output.write(stderr);
  reporter.end(failed.length > 0 ? failed : ['turbo']);
  return false;
}
