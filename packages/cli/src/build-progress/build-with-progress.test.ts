import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { buildWithProgress } from './build-with-progress.js';

let repo: string;

async function writeJson(file: string, value: unknown): Promise<void> {
  await writeFile(join(repo, file), JSON.stringify(value, null, 2));
}

/** A two-package repository: fixture-beta depends on fixture-alpha; each build takes a moment. */
async function writePackage(name: string, script: string, dependencies: Record<string, string> = {}): Promise<void> {
  await mkdir(join(repo, 'packages', name), { recursive: true });
  await writeJson(`packages/${name}/package.json`, { name, version: '1.0.0', dependencies, scripts: { build: 'node build.js' } });
  await writeFile(join(repo, 'packages', name, 'build.js'), script);
}

const slowBuild = "setTimeout(() => { require('node:fs').mkdirSync('dist', { recursive: true }); console.log('built'); }, 300);";

function collect(): { output: Writable; text: () => string } {
  let text = '';
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { output, text: () => text };
}

before(async () => {
  repo = await mkdtemp(join(tmpdir(), 'lattice-build-'));
  await writeJson('package.json', { name: 'fixture', private: true, workspaces: ['packages/*'], packageManager: 'npm@11.0.0' });
  // Inputs named, since without git turbo would hash its own logs and the outputs too.
  await writeJson('turbo.json', { tasks: { build: { dependsOn: ['^build'], inputs: ['package.json', 'build.js'], outputs: ['dist/**'] } } });
  await writePackage('fixture-alpha', slowBuild);
  await writePackage('fixture-beta', slowBuild, { 'fixture-alpha': '*' });
});
after(async () => {
  await rm(repo, { recursive: true, force: true });
});

describe('build progress', { timeout: 120_000 }, () => {
  it('prints, in plain lines, each package as it is built with what is left, then a finished line', async () => {
    const { output, text } = collect();
    assert.equal(await buildWithProgress({ cwd: repo, output, interactive: false }), true);
    const lines = text().trimEnd().split('\n');
    assert.equal(lines[0], 'Building 2 packages: fixture-alpha first');
    assert.match(lines[1] ?? '', /^ {2}built fixture-alpha \(1\/2, 1 left, \d+ s\) · building fixture-beta$/);
    assert.match(lines[2] ?? '', /^ {2}built fixture-beta \(2\/2, 0 left, \d+ s\)$/);
    assert.match(lines[3] ?? '', /^Built 2 packages in \d+ s$/);
    assert.equal(lines.length, 4);
  });

  it('says how many come from the cache, and on a terminal redraws one line', async () => {
    const { output, text } = collect();
    assert.equal(await buildWithProgress({ cwd: repo, output, interactive: true }), true);
    // Each redraw starts with a carriage return and "erase line", shown here as ¶.
    const screen = text().replaceAll('\r\x1b[K', '¶');
    assert.match(screen, /^¶Building 2 packages \(2 from cache\): fixture-alpha first\n/);
    assert.match(screen, /¶ {2}1\/2 built · 1 left · \d+ s · building fixture-beta/);
    assert.match(screen, /¶Built 2 packages in \d+ s \(2 from cache\)\n$/);
    assert.doesNotMatch(text(), /built fixture-alpha \(/, 'no plain per-package lines on a terminal');
  });

  it('cuts the redrawn line to the terminal width, so it never wraps', async () => {
    const { output, text } = collect();
    assert.equal(await buildWithProgress({ cwd: repo, output: Object.assign(output, { columns: 30 }), interactive: true }), true);
    const redraws = text().split('\r\x1b[K').filter((segment) => segment !== '' && !segment.endsWith('\n'));
    assert.ok(redraws.length > 0);
    assert.deepEqual(redraws.filter((segment) => segment.length > 29), []);
  });

  it('shows the output of a build that fails, and names it', async () => {
    await writePackage('fixture-beta', "console.error('beta cannot build'); process.exit(3);", { 'fixture-alpha': '*' });
    const { output, text } = collect();
    assert.equal(await buildWithProgress({ cwd: repo, output, interactive: false }), false);
    assert.match(text(), /fixture-beta:build: beta cannot build/);
    assert.match(text(), /Build failed after \d+ s: fixture-beta\n$/);
  });

  it('says what is still building when nothing finishes for a while', async () => {
    await writePackage('fixture-beta', "setTimeout(() => console.log('built'), 2500);", { 'fixture-alpha': '*' });
    const { output, text } = collect();
    assert.equal(await buildWithProgress({ cwd: repo, output, interactive: false, quietLimitMs: 1000 }), true);
    assert.match(text(), /\n {2}still building fixture-beta \(\d+ s\)\n/);
  });
});
