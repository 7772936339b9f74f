import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fetch } from 'undici';
import { createRabbitMQVhost, type RabbitMQVhost } from '../test-kit/rabbitmq-vhost.js';
import { freePort, startRole, type RoleProcess } from '../test-kit/role-process.js';
import { withMongoPassword } from '../test-kit/services-topology.js';
import { nginxInstalled } from '../test-kit/nginx-process.js';
import { startTestProxy, type TestProxy } from '../test-kit/test-proxy.js';

// Issue 31: the dashboard in services mode, each role its own process (`lattice db`, `lattice host core documents`,
// `lattice gateway`, `lattice dashboard-api`, `lattice dashboard-front`) on RabbitMQ and Redis, behind the nginx site
// `lattice generate nginx` writes, over TLS: /dashboard/front serves the app, /dashboard/api/ answers Cube's API.
const skip = nginxInstalled() ? false : 'nginx is not installed (apt-get install nginx; .ci/run does)';

const roles: RoleProcess[] = [];
let vhost: RabbitMQVhost | undefined;
let dir: string;
let proxy: TestProxy;
let cookie = '';

const hostAndPort = (url: string) => new URL(url).host;
const through = (path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
  fetch(`${proxy.origin}${path}`, { dispatcher: proxy.dispatcher, redirect: 'manual', ...init });

async function graphql<TData>(query: string, variables?: Record<string, unknown>): Promise<TData> {
  const response = await through('/gateway/graphql', { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ query, variables }) });
  const body = (await response.json()) as { data?: TData; errors?: unknown };
  assert.equal(body.errors, undefined, JSON.stringify(body.errors));
  if (!cookie) cookie = response.headers.getSetCookie().find((header) => header.startsWith('auth-token='))?.split(';')[0] ?? '';
  return body.data!;
}

before(async () => {
  if (skip) return;
  dir = await mkdtemp(join(tmpdir(), 'lattice-dashboard-services-'));
  const configFile = join(dir, 'configs.json');
  const mongo = { username: 'lattice', password: randomBytes(18).toString('base64url') };
  await writeFile(configFile, JSON.stringify({ jwt_token_secret: '<JWT_SECRET>', domain: 'http://localhost:3000', dashboard: { cache_seconds: 0 }, plugins: [{ name: 'documents' }], mongo }));
  const owner = { email: `owner-${randomBytes(3).toString('hex')}@lattice.test`, password: randomBytes(12).toString('base64url') };
  vhost = await createRabbitMQVhost(process.env.RABBITMQ_URL || 'amqp://guest:guest@127.0.0.1:5672');
  const started = async (starting: Promise<RoleProcess>) => {
    const role = await starting;
    roles.push(role);
    return role;
  };
  const db = await started(startRole('db', ['db', '--port', '0', '--config', configFile, '--data-dir', dir], {}));
  const env: NodeJS.ProcessEnv = {
    MONGO_URL: withMongoPassword(db.urlOf('MongoDB'), mongo.password),
    RABBITMQ_URL: vhost.url,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    LATTICE_REDIS_PREFIX: `lattice-test-${randomBytes(4).toString('hex')}:`,
    JWT_TOKEN_SECRET: randomBytes(48).toString('base64url'),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    LATTICE_OWNER_EMAIL: owner.email,
    LATTICE_OWNER_PASSWORD: owner.password,
  };
  const common = ['--config', configFile, '--data-dir', dir];
  // core and documents take this port and the one after it.
  const hostPort = await freePort();
  const host = await started(startRole('host', ['host', 'core', 'documents', '--port', String(hostPort), ...common], env));
  const [gateway, api] = await Promise.all([
    started(startRole('gateway', ['gateway', '--port', '0', '--integrations-port', '0', ...common], { ...env, LATTICE_PLUGIN_URLS: `core=${host.urlOf('core')};documents=${host.urlOf('documents')}` })),
    started(startRole('dashboard-api', ['dashboard-api', '--port', '0', ...common], env)),
  ]);
  const apiUrl = api.urlOf('API').replace(/\/v1$/, '');
  const front = await started(startRole('dashboard-front', ['dashboard-front', '--port', '0', '--api-url', apiUrl, '--config', configFile], env));
  proxy = await startTestProxy({ gateway: hostAndPort(gateway.urlOf('GraphQL')), 'dashboard-api': hostAndPort(apiUrl), 'dashboard-front': hostAndPort(front.urlOf('Dashboard')) });
  await graphql('mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { _id } }', owner);
  assert.ok(cookie, 'login set no auth-token cookie');
});
after(async () => {
  await proxy?.stop();
  await Promise.all([...roles].reverse().map((role) => role.stop('SIGKILL')));
  await vhost?.remove();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the dashboard in services mode behind the generated nginx, over TLS', { skip, timeout: 600_000 }, () => {
  it('/dashboard/front leads to the app, whose page and script come from lattice dashboard-front', async () => {
    const bare = await through('/dashboard/front');
    assert.equal(bare.status, 301);
    assert.equal(new URL(bare.headers.get('location')!, proxy.origin).pathname, '/dashboard/front/');
    const page = await through('/dashboard/front/');
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /<html/i);
    const script = html.match(/<script[^>]+src="([^"]+)"/)?.[1];
    assert.ok(script, `no script in ${html}`);
    const asset = await through(new URL(script, `${proxy.origin}/dashboard/front/`).pathname);
    assert.equal(asset.status, 200);
    assert.match(asset.headers.get('content-type') ?? '', /javascript/);
    assert.match(asset.headers.get('strict-transport-security') ?? '', /max-age=\d+/);
  });

  it('/dashboard/api/ answers 401 without a login, and with it the counts by type that the documents host computed', async () => {
    const anonymous = await through('/dashboard/api/v1/meta');
    assert.equal(anonymous.status, 401);
    const type = await graphql<{ documentTypesAdd: { _id: string } }>('mutation { documentTypesAdd(name: "Invoice") { _id } }');
    for (const name of ['One', 'Two']) await graphql('mutation ($name: String, $typeId: String) { documentsAdd(name: $name, typeId: $typeId) { _id } }', { name, typeId: type.documentTypesAdd._id });
    await graphql('mutation { documentsAdd(name: "Loose") { _id } }');
    const meta = await through('/dashboard/api/v1/meta', { headers: { cookie } });
    assert.equal(meta.status, 200);
    const { cubes } = (await meta.json()) as { cubes: Array<{ name: string }> };
    assert.deepEqual(cubes.map((cube) => cube.name), ['Documents']);
    const query = encodeURIComponent(JSON.stringify({ measures: ['Documents.count'], dimensions: ['Documents.typeName'] }));
    const load = await through(`/dashboard/api/v1/load?query=${query}`, { headers: { cookie } });
    assert.equal(load.status, 200);
    const { data } = (await load.json()) as { data: Array<Record<string, unknown>> };
    assert.deepEqual(data, [
      { 'Documents.typeName': 'Invoice', 'Documents.count': 2 },
      { 'Documents.typeName': null, 'Documents.count': 1 },
    ]);
  });
});
