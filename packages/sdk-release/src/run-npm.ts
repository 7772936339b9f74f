import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
const keptNpmSettings = new Set(['npm_config_cache', 'npm_config_userconfig', 'npm_config_globalconfig', 'npm_config_registry', 'npm_config_cafile']);

export interface NpmOutput {
  stdout: string;
  stderr: string;
}

/**
 * Runs npm in `cwd` as a fresh shell would. Under `npm test` the environment carries the monorepo's
 * settings (npm_config_local_prefix=<repo root> above all), which would make the child npm pack or
 * install the repository instead of `cwd`; only the cache, registry and config-file settings are kept.
 */
export async function runNpm(args: string[], cwd: string): Promise<NpmOutput> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) || keptNpmSettings.has(key.toLowerCase())));
  return run('npm', args, { cwd, env, maxBuffer: 32 * 1024 * 1024 });
}
