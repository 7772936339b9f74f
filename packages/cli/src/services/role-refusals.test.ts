import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { latticeCommand } from '../test-kit/role-process.js';

let dir: string;
let configFile: string;
let busy: Server;
let busyPort: number;

const withoutServices: NodeJS.ProcessEnv = { MONGO_URL: '', RABBITMQ_URL: '', REDIS_URL: '', LATTICE_PLUGIN_URLS: '', LATTICE_PLUGIN_URL_TEMPLATE: '' };

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lattice-roles-'));
  configFile = join(dir, 'configs.json');
  await writeFile(configFile, JSON.stringify({ jwt_token_secret: '<JWT_SECRET>', domain: 'http://localhost:3000', plugins: [{ name: 'documents' }] }));
  busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  busyPort = (busy.address() as { port: number }).port;
});
after(async () => {
  await new Promise<void>((resolve) => busy.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
});

/** Runs `lattice <args>` to its end: the exit code and what it printed. */
function lattice(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; output: string }> {
  const { command, args: argv } = latticeCommand(args);
  const child = spawn(command, argv, { env: { ...process.env, ...withoutServices, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

describe('a role that cannot run stops at once, saying what and where', { timeout: 300_000 }, () => {
  const cases: Array<{ title: string; args: () => string[]; env?: () => NodeJS.ProcessEnv; message: () => RegExp }> = [
    { title: 'an unknown role', args: () => ['hots', 'core'], message: () => /unknown command "hots"/ },
    {
      title: 'a plugin that is not enabled',
      args: () => ['host', 'cards', '--config', configFile],
      message: () => /lattice host: "cards" is not an enabled API plugin in .*configs\.json \(enabled: documents, core\)/,
    },
    {
      title: 'a host without RabbitMQ, Redis and MongoDB',
      args: () => ['host', 'documents', '--config', configFile, '--data-dir', dir],
      message: () => /lattice host runs in services mode and needs MongoDB: set MONGO_URL.*; and RabbitMQ: set RABBITMQ_URL.*; and Redis: set REDIS_URL/,
    },
    {
      title: 'a gateway without the address of a plugin host',
      args: () => ['gateway', '--config', configFile, '--port', '0', '--integrations-port', '0'],
      env: () => ({ LATTICE_PLUGIN_URLS: 'core=http://127.0.0.1:1' }),
      message: () => /the gateway has no URL for plugin "documents"/,
    },
    {
      title: 'a plugin host URL that is not http(s)',
      args: () => ['gateway', '--config', configFile, '--port', '0', '--integrations-port', '0'],
      env: () => ({ LATTICE_PLUGIN_URLS: 'core=http://127.0.0.1:1;documents=ws://127.0.0.1:2' }),
      message: () => /plugin "documents" has "ws:\/\/127\.0\.0\.1:2": a plugin host URL must be http:\/\/ or https:\/\//,
    },
    {
      title: 'a port another role already uses',
      args: () => ['gateway', '--config', configFile, '--port', String(busyPort), '--integrations-port', '0'],
      env: () => ({ LATTICE_PLUGIN_URL_TEMPLATE: 'http://127.0.0.1:1/{name}' }),
      message: () => new RegExp(`:${busyPort}.*another program uses that port`),
    },
  ];

  for (const testCase of cases) {
    it(`refuses ${testCase.title}`, async () => {
      const { code, output } = await lattice(testCase.args(), testCase.env?.());
      assert.equal(code, 1, output);
      assert.match(output, testCase.message());
      assert.equal(output.trim().split('\n').filter((line) => line.startsWith('lattice')).length, 1, `one message:\n${output}`);
    });
  }

  it('refuses a configs.json that enables imap without inbox, naming both, in validate and at every start', async () => {
    const broken = join(dir, 'imap-alone.json');
    await writeFile(broken, JSON.stringify({ jwt_token_secret: '<JWT_SECRET>', domain: 'http://localhost:3000', plugins: [{ name: 'contacts' }, { name: 'imap' }] }));
    // validate keeps no data, so it takes no --data-dir.
    for (const args of [['validate'], ['start', '--port', '0', '--data-dir', dir], ['host', 'imap', '--data-dir', dir], ['gateway', '--port', '0', '--data-dir', dir]]) {
      const { code, output } = await lattice([...args, '--config', broken]);
      assert.equal(code, 1, output);
      assert.match(output, /imap-alone\.json: "plugins" Enabled plugins are missing what they need: "imap" needs "inbox"/, `${args[0]}: ${output}`);
    }
  });
});
