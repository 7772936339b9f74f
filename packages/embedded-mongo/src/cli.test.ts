import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { MongoClient } from 'mongodb';
import { makeTempDir } from './test-support/test-server.js';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));

function startCli(args: string[]) {
  return spawn(process.execPath, ['--conditions=development', '--import', 'tsx', CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
}

async function firstLine(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) {
    text += String(chunk);
    if (text.includes('\n')) return text.split('\n')[0] as string;
  }
  return text;
}

describe('embedded-mongo CLI', () => {
  it('prints one line with the URI once it accepts connections, and stops on SIGTERM', async () => {
    const dir = await makeTempDir('em-cli');
    const child = startCli(['--dbpath', dir.path, '--port', '0']);
    try {
      const line = await firstLine(child.stdout);
      const uri = /(mongodb:\/\/lattice:[\w-]+@127\.0\.0\.1:\d+\/\?authSource=admin)/.exec(line)?.[1];
      assert.ok(uri, `expected a URI in: ${line}`);
      const client = await MongoClient.connect(uri);
      await client.db('cli').collection('c').insertOne({ ok: true });
      assert.equal(await client.db('cli').collection('c').countDocuments(), 1);
      await client.close();
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const [code] = await exited;
      assert.equal(code, 0);
    } finally {
      child.kill('SIGKILL');
      await dir.remove();
    }
  });

  it('refuses to listen beyond loopback without a user of its own, naming the reason', async () => {
    const child = startCli(['--host', '0.0.0.0', '--port', '0']);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = await once(child, 'exit');
    assert.equal(code, 1);
    assert.match(stderr, /--host 0\.0\.0\.0 reaches beyond this machine: give --username and EMBEDDED_MONGO_PASSWORD/);
  });

  it('rejects a bad port with a message and exit code 1', async () => {
    const child = startCli(['--port', 'abc']);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = await once(child, 'exit');
    assert.equal(code, 1);
    assert.match(stderr, /--port must be an integer/);
  });
});
