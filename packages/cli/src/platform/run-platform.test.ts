import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runPlatform } from './run-platform.js';

const configFile = new URL('../../../../configs.json', import.meta.url).pathname;
let dataDir: string;

before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lattice-data-'));
});
after(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function graphql(url: string, query: string) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  return (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
}

describe('lattice start (embedded mode)', { skip: process.env.MONGO_URL ? 'MONGO_URL is set: this test is about the embedded database' : false }, () => {
  it('keeps the data in the data directory across a restart', async () => {
    const first = await runPlatform({ configFile, dataDir, gatewayPort: 0 });
    try {
      const added = await graphql(first.gatewayUrl, 'mutation { documentsAdd(name: "kept across restarts") { _id } }');
      assert.equal(added.errors, undefined);
    } finally {
      await first.stop();
    }
    const second = await runPlatform({ configFile, dataDir, gatewayPort: 0 });
    try {
      const listed = await graphql(second.gatewayUrl, '{ documents { name } documentsTotalCount }');
      assert.deepEqual(listed.data, { documents: [{ name: 'kept across restarts' }], documentsTotalCount: 1 });
    } finally {
      await second.stop();
    }
  });

  it('prints the URLs when ready and stops cleanly on Ctrl-C', async () => {
    const bin = new URL('../bin.ts', import.meta.url).pathname;
    const child = spawn(
      process.execPath,
      ['--conditions=development', '--import', 'tsx', bin, 'start', '--config', configFile, '--port', '0', '--data-dir', join(dataDir, 'cli')],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LOG_LEVEL: 'warn' } },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const deadline = Date.now() + 60_000;
    while (!output.includes('Press Ctrl-C to stop.') && Date.now() < deadline && child.exitCode === null) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.match(output, /Lattice is ready \(\d+\.\d s\)/, output);
    const url = /GraphQL\s+(http:\/\/\S+)\/graphql/.exec(output)?.[1];
    assert.ok(url, output);
    const response = await graphql(url, '{ documentsTotalCount }');
    assert.deepEqual(response.data, { documentsTotalCount: 0 });
    child.kill('SIGINT');
    assert.equal(await exited, 0, output);
    assert.match(output, /lattice: stopped/);
  });

  it('stops with one message naming the file and key for a bad configs.json', async () => {
    const bin = new URL('../bin.ts', import.meta.url).pathname;
    const child = spawn(process.execPath, ['--conditions=development', '--import', 'tsx', bin, 'start', '--config', join(dataDir, 'missing.json')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    assert.equal(code, 1);
    assert.match(stderr, /missing\.json: does not exist/);
  });
});
