import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { z } from 'zod';
import { turboCommand } from './turbo-command.js';

/** One package's build as turbo plans it. */
export interface PlannedBuild {
  name: string;
  /** Packages whose builds must finish first (only those that have a build). */
  dependencies: string[];
  /** Turbo has its outputs cached, so it restores them instead of building. */
  cached: boolean;
}

const dryRunSchema = z.object({
  tasks: z.array(
    z.object({
      package: z.string(),
      command: z.string(),
      dependencies: z.array(z.string()),
      cache: z.object({ status: z.string() }),
    }),
  ),
});

const NO_COMMAND = '<NONEXISTENT>';
const packageOfTask = (taskId: string): string => taskId.slice(0, taskId.lastIndexOf('#'));

/** `turbo run build --dry-run=json`: every package that will build, and what each waits for. */
export async function planBuild(cwd: string, args: string[]): Promise<PlannedBuild[]> {
  const [command, commandArgs] = turboCommand(['run', 'build', '--dry-run=json', ...args]);
  const { stdout } = await promisify(execFile)(command, commandArgs, { cwd, maxBuffer: 64 * 1024 * 1024 });
  const tasks = dryRunSchema.parse(JSON.parse(stdout)).tasks.filter((task) => task.command !== NO_COMMAND);
  const building = new Set(tasks.map((task) => task.package));
  return tasks.map((task) => ({
    name: task.package,
    dependencies: task.dependencies.map(packageOfTask).filter((name) => building.has(name)),
    cached: task.cache.status === 'HIT',
  }));
}
