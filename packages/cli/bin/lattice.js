#!/usr/bin/env node
// npm links this file at install time, before anything is built, and no build rewrites it (so the link
// and its executable bit survive every build). It runs the built CLI when there is one (`npm start` and
// `npm run build` make dist/ for this package and the ones it uses); in a checkout not built yet it runs
// the TypeScript sources through tsx, a dev dependency of the repository, instead of making the user wait
// for a build of the whole platform to read `--help`.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';

const built = new URL('../dist/bin.js', import.meta.url);
if (existsSync(built)) {
  await import(built.href);
} else {
  let tsx;
  try {
    tsx = import.meta.resolve('tsx');
  } catch {
    console.error('lattice: the CLI is not built and tsx is not installed: run `npm install`, then `npm run build`');
    process.exit(1);
  }
  const sources = fileURLToPath(new URL('../src/bin.ts', import.meta.url));
  const child = spawn(process.execPath, ['--conditions=development', '--import', tsx, sources, ...process.argv.slice(2)], { stdio: 'inherit' });
  // Ctrl-C reaches the child through the terminal's process group; a signal sent to this pid alone is passed on.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
}
