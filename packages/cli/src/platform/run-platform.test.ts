import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { connectRabbitMQBroker } from '@lattice/broker';
import { logIn } from '@lattice/platform/test-kit';
import { freePort, latticeCommand } from '../test-kit/role-process.js';
import { runPlatform } from './run-platform.js';

const configFile = new URL('../../../../configs.json', import.meta.url).pathname;
const owner = { email: 'owner@lattice.test', password: 'correct horse battery staple' };
let dataDir: string;

before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lattice-data-'));
  process.env.LATTICE_OWNER_EMAIL = owner.email;
  process.env.LATTICE_OWNER_PASSWORD = owner.password;
});
after(async () => {
  delete process.env.LATTICE_OWNER_EMAIL;
  delete process.env.LATTICE_OWNER_PASSWORD;
  await rm(dataDir, { recursive: true, force: true });
});

async function graphql(url: string, query: string, cookie?: string) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ query }),
  });
  return (await response.json()) as { data?: Record<string, unknown>; errors?: Array<{ extensions?: { code?: string } }> };
}

describe('lattice start (embedded mode)', { skip: process.env.MONGO_URL ? 'MONGO_URL is set: these tests are about the embedded database' : false }, () => {
  it('keeps the data and the login secret in the data directory across a restart', async () => {
    const first = await runPlatform({ configFile, dataDir, gatewayPort: 0 });
    let cookie: string;
    try {
      const anonymous = await graphql(first.gatewayUrl, '{ documentsTotalCount }');
      assert.equal(anonymous.errors?.[0]?.extensions?.code, 'UNAUTHENTICATED');
      cookie = await logIn(`${first.gatewayUrl}/graphql`, owner);
      const added = await graphql(first.gatewayUrl, 'mutation { documentsAdd(name: "kept across restarts") { _id } }', cookie);
      assert.equal(added.errors, undefined);
    } finally {
      await first.stop();
    }
    const second = await runPlatform({ configFile, dataDir, gatewayPort: 0 });
    try {
      const listed = await graphql(second.gatewayUrl, '{ documents { name } documentsTotalCount }', cookie);
      assert.deepEqual(listed.data, { documents: [{ name: 'kept across restarts' }], documentsTotalCount: 1 });
    } finally {
      await second.stop();
    }
  });

  it('runs on RabbitMQ and Redis when RABBITMQ_URL and REDIS_URL are set', async () => {
    const rabbitMQUrl = process.env.RABBITMQ_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
    const servicesEnv = { RABBITMQ_URL: rabbitMQUrl, REDIS_URL: 'redis://127.0.0.1:6379' };
    const before = { ...process.env };
    Object.assign(process.env, servicesEnv);
    let lattice: Awaited<ReturnType<typeof runPlatform>> | undefined;
    const client = await connectRabbitMQBroker({ url: rabbitMQUrl, connectionName: 'cli-services-test' });
    try {
      lattice = await runPlatform({ configFile, dataDir: join(dataDir, 'services'), gatewayPort: 0 });
      assert.ok(lattice.serviceDescriptions.some((line) => /^RabbitMQ\s+amqp:\/\/\*\*\*@127\.0\.0\.1:5672/.test(line)), lattice.serviceDescriptions.join('\n'));
      assert.ok(lattice.serviceDescriptions.some((line) => /^Redis\s+redis:\/\/127\.0\.0\.1:6379/.test(line)));
      const cookie = await logIn(`${lattice.gatewayUrl}/graphql`, owner);
      await graphql(lattice.gatewayUrl, 'mutation { documentsAdd(name: "over RabbitMQ") { _id } }', cookie);
      const documents = await client.sendRPCMessage<Array<{ name: string }>>('document:find', {}, { timeoutMs: 5_000 });
      assert.ok(documents.some((document) => document.name === 'over RabbitMQ'));
    } finally {
      await lattice?.stop();
      await client.close();
      for (const key of Object.keys(servicesEnv)) {
        if (before[key] === undefined) delete process.env[key];
        else process.env[key] = before[key];
      }
    }
  });

  it('refuses to start in production with the placeholder secret, saying why', async () => {
    await assert.rejects(
      runPlatform({ configFile, dataDir: join(dataDir, 'production'), gatewayPort: 0, production: true }),
      /configs\.json: "jwt_token_secret" is empty or a placeholder: production needs a real secret/,
    );
  });

  it('prints the URLs when ready, on the front-end and integrations ports it was given, and stops cleanly on Ctrl-C', async () => {
    const [uiPort, integrationsPort] = [await freePort(), await freePort()];
    const { command, args } = latticeCommand([
      ...['start', '--config', configFile, '--port', '0', '--data-dir', join(dataDir, 'cli')],
      ...['--ui-port', String(uiPort), '--integrations-port', String(integrationsPort)],
    ]);
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LOG_LEVEL: 'warn' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const deadline = Date.now() + 180_000; // a whole start, on a busy 2-core machine
      while (!output.includes('Press Ctrl-C to stop.') && Date.now() < deadline && child.exitCode === null) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.match(output, /Lattice is ready \(\d+\.\d s\)/, output);
      const url = /GraphQL\s+(http:\/\/\S+)\/graphql/.exec(output)?.[1];
      assert.ok(url, output);
      const cookie = await logIn(`${url}/graphql`, owner);
      const response = await graphql(url, '{ documentsTotalCount }', cookie);
      assert.deepEqual(response.data, { documentsTotalCount: 0 });
      assert.match(output, new RegExp(`UI +http://[^ ]+:${uiPort}/`), output);
      assert.match(output, new RegExp(`Integrations +http://[^ ]+:${integrationsPort}/`), output);
      const page = await fetch(`http://127.0.0.1:${uiPort}/`);
      assert.equal(page.status, 200);
      assert.match(await page.text(), /<html/i);
      child.kill('SIGINT');
      assert.equal(await exited, 0, output);
      assert.match(output, /lattice start: stopped/);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('stops with one message naming the file and key for a bad configs.json', async () => {
    const { command, args } = latticeCommand(['start', '--config', join(dataDir, 'missing.json')]);
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    assert.equal(code, 1);
    assert.match(stderr, /missing\.json: does not exist/);
  });

  it('creates a user with lattice user:create, who can then log in', async () => {
    const userDir = join(dataDir, 'user-create');
    const { command, args } = latticeCommand(['user:create', '--config', configFile, '--data-dir', userDir, '--email', 'First@Example.com', '--password', 'a long enough password']);
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    assert.equal(await new Promise((resolve) => child.once('exit', resolve)), 0, output);
    assert.match(output, /created owner first@example\.com/);

    const lattice = await runPlatform({ configFile, dataDir: userDir, gatewayPort: 0 });
    try {
      const cookie = await logIn(`${lattice.gatewayUrl}/graphql`, { email: 'first@example.com', password: 'a long enough password' });
      const me = await graphql(lattice.gatewayUrl, '{ currentUser { email role } }', cookie);
      assert.deepEqual(me.data, { currentUser: { email: 'first@example.com', role: 'owner' } });
    } finally {
      await lattice.stop();
    }
  });
});
