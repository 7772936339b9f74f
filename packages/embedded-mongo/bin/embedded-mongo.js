#!/usr/bin/env node
// npm links this file at install time, before anything is built, and no build rewrites it (so the link
// and its executable bit survive every build). It runs the built server, building this package first
// when dist/ is missing: a few seconds of tsc, since it uses no other workspace.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const built = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(built)) {
  process.stderr.write('embedded-mongo: building it first (once)\n');
  try {
    // The build's own output goes to stderr: stdout carries only the line with the URI.
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: fileURLToPath(new URL('..', import.meta.url)), stdio: ['ignore', 2, 2] });
  } catch {
    process.stderr.write('embedded-mongo: the build failed (see above); run `npm install`, then `npm run build`\n');
    process.exit(1);
  }
}
await import(built.href);
