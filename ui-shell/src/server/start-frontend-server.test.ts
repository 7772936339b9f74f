import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFrontendServer } from './index.js';
import { descriptorOf, entryScript, startRemoteOrigin } from './test-support/remote-origin.js';

const uiConfig = (name: string) => ({
  name,
  scope: name,
  port: 3017,
  exposes: { './routes': './src/routes.tsx' },
  routes: { scope: name, module: './routes' },
  menus: [{ text: name, url: `/${name}/`, location: 'mainNavigation' }],
});

async function fixtureDirs() {
  const root = await mkdtemp(join(tmpdir(), 'frontend-server-'));
  const shellDir = join(root, 'shell');
  await mkdir(shellDir);
  await writeFile(join(shellDir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  await writeFile(join(shellDir, 'main.0123456789.js'), 'console.log("shell")');
  const pluginsRoot = join(root, 'plugins');
  const documentsDist = join(pluginsRoot, 'documents', 'dist');
  await mkdir(documentsDist, { recursive: true });
  await writeFile(join(documentsDist, 'ui-plugin.json'), JSON.stringify(uiConfig('documents')));
  await writeFile(join(documentsDist, 'remoteEntry.js'), 'var documents = {};');
  await writeFile(join(documentsDist, '12.abcdef0123.js'), 'chunk');
  const exposes = [{ path: './routes', assets: { js: { sync: ['12.abcdef0123.js'], async: [] } } }];
  await writeFile(join(documentsDist, 'mf-manifest.json'), JSON.stringify({ exposes }));
  return { root, shellDir, pluginsRoot };
}

/** The `?v=` an entry's URL carries: the start of the base64url SHA-256 of its bytes. */
function versionToken(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 16);
}

/** The Content-Encoding a file ends up served with, once the server has compressed it in the background. */
async function servedEncoding(url: string): Promise<string | null> {
  let encoding: string | null = null;
  for (let attempt = 0; attempt < 100 && !encoding; attempt += 1) {
    const response = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
    await response.arrayBuffer();
    encoding = response.headers.get('content-encoding');
    if (!encoding) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return encoding;
}

async function startGatewayDouble() {
  const seen: IncomingMessage[] = [];
  const server = createServer((request, response) => {
    seen.push(request);
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ path: request.url, prefix: request.headers['x-forwarded-prefix'] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close: () => new Promise((resolve) => server.close(resolve)) };
}

test('the front-end server: plugins.json, remotes, SPA fallback with the manifest inlined, caching, compression and the gateway proxy', async () => {
  const { root, shellDir, pluginsRoot } = await fixtureDirs();
  const gateway = await startGatewayDouble();
  // A remote deployed by its own team on its own origin: configs.json gives only its name and ui_url.
  const inbox = await startRemoteOrigin({ '/inbox/lattice-plugin.json': descriptorOf('inbox'), '/inbox/remoteEntry.js': entryScript('inbox') });
  const skipped: string[] = [];
  const server = await startFrontendServer({
    port: 0,
    gatewayUrl: gateway.url,
    shellDir,
    pluginsRoot,
    plugins: [
      { name: 'core' },
      { name: 'documents', ui: 'local' },
      { name: 'inbox', ui: 'remote', remoteUrl: `${inbox.url}/inbox/remoteEntry.js` },
      { name: 'contacts', ui: 'local' },
    ],
    onPluginSkipped: (name) => skipped.push(name),
    sessionCheck: async () => ({ role: 'owner' }),
  });
  try {
    const manifest = await fetch(`${server.url}/plugins.json`);
    assert.equal(manifest.headers.get('cache-control'), 'no-cache');
    const { plugins } = (await manifest.json()) as { plugins: Array<{ name: string; remoteEntry: string; preload?: string[] }> };
    assert.deepEqual(
      plugins.map((plugin) => [plugin.name, plugin.remoteEntry]),
      [
        ['documents', '/plugins/documents/remoteEntry.js'],
        ['inbox', `${inbox.url}/inbox/remoteEntry.js`],
      ],
    );
    // The entry as the loader asks for it, with its version: a rebuilt entry is another URL.
    assert.deepEqual(plugins[0]?.preload, [`/plugins/documents/remoteEntry.js?v=${versionToken('var documents = {};')}`, '/plugins/documents/12.abcdef0123.js']);
    assert.deepEqual(skipped, ['contacts'], 'a ui plugin without a build is left out');

    const entry = await fetch(`${server.url}/plugins/documents/remoteEntry.js`);
    assert.equal(entry.status, 200);
    assert.equal(entry.headers.get('cache-control'), 'no-cache');
    assert.equal(await entry.text(), 'var documents = {};');
    const chunk = await fetch(`${server.url}/plugins/documents/12.abcdef0123.js`);
    assert.equal(chunk.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(await servedEncoding(`${server.url}/plugins/documents/12.abcdef0123.js`), 'br', 'remotes are served compressed');
    assert.equal(await servedEncoding(`${server.url}/main.0123456789.js`), 'br', 'the shell is served compressed');
    assert.equal((await fetch(`${server.url}/plugins/documents/missing.js`)).status, 404);
    assert.equal((await fetch(`${server.url}/plugins/inbox/remoteEntry.js`)).status, 404, 'remote plugins are not served here');

    const deepLink = await fetch(`${server.url}/documents/?type=abc`);
    assert.equal(deepLink.status, 200);
    assert.equal(deepLink.headers.get('cache-control'), 'no-cache');
    const page = await deepLink.text();
    assert.match(page, /id="root"/);
    assert.match(page, /<script id="lattice-plugins" type="application\/json">\{"plugins":\[\{"name":"documents"/, 'the manifest comes with the page');
    assert.match(page, /<link rel="preload" as="script" href="\/plugins\/documents\/12\.abcdef0123\.js">/, "the page's plugin downloads with the shell");
    const shellChunk = await fetch(`${server.url}/main.0123456789.js`);
    assert.equal(shellChunk.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal((await fetch(`${server.url}/missing.0123456789.js`)).status, 404, 'a missing asset is not the shell');

    const proxied = await fetch(`${server.url}/gateway/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    assert.deepEqual(await proxied.json(), { path: '/graphql', prefix: '/gateway' });
  } finally {
    await server.stop();
    await gateway.close();
    await inbox.close();
    await rm(root, { recursive: true, force: true });
  }
});

test('a gateway that is down is a 502 with a GraphQL error body', async () => {
  const { root, shellDir, pluginsRoot } = await fixtureDirs();
  const server = await startFrontendServer({ port: 0, gatewayUrl: 'http://127.0.0.1:9', shellDir, pluginsRoot, plugins: [] });
  try {
    const response = await fetch(`${server.url}/gateway/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    assert.equal(response.status, 502);
    const body = (await response.json()) as { errors: Array<{ extensions: { code: string } }> };
    assert.equal(body.errors[0]?.extensions.code, 'PLUGIN_UNAVAILABLE');
  } finally {
    await server.stop();
    await rm(root, { recursive: true, force: true });
  }
});

test('an unbuilt shell is refused at start with what to run', async () => {
  await assert.rejects(
    startFrontendServer({ port: 0, gatewayUrl: 'http://127.0.0.1:9', shellDir: join(tmpdir(), 'no-such-shell'), plugins: [] }),
    /the UI shell is not built .*npm run build/,
  );
});

interface ManifestBody {
  plugins: Array<{ name: string; menus: Array<{ text: string }>; entry?: { url: string; type: string; integrity?: string; version: string } }>;
  refused?: Array<{ name: string; reason: string }>;
  remoteLoadTimeoutMs?: number;
  updateCheckMs?: number;
}

/** /plugins.json once it satisfies `ready` (the server fetches descriptors again on its interval). */
async function manifestOnce(url: string, ready: (manifest: ManifestBody) => boolean): Promise<ManifestBody> {
  let manifest: ManifestBody | undefined;
  for (let attempt = 0; attempt < 200; attempt += 1) {
    manifest = (await (await fetch(`${url}/plugins.json`)).json()) as ManifestBody;
    if (ready(manifest)) return manifest;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail(`/plugins.json never got there: ${JSON.stringify(manifest)}`);
}

test('remotes from their own origin: a bad one is left out alone and named, the rest and /login work, a descriptor change shows without a restart, security headers', async () => {
  const { root, shellDir, pluginsRoot } = await fixtureDirs();
  await writeFile(join(shellDir, 'index.html'), '<!doctype html><html><head><script>document.title = "x";</script></head><body><div id="root"></div></body></html>');
  const reports = await startRemoteOrigin({ '/lattice-plugin.json': descriptorOf('reports'), '/remoteEntry.js': entryScript('reports') });
  const sidebar = descriptorOf('charts', { menus: [{ text: 'Charts', url: '/charts/', location: 'sidebar' }] });
  const charts = await startRemoteOrigin({ '/lattice-plugin.json': sidebar, '/remoteEntry.js': entryScript('charts') });
  const logged: string[] = [];
  const server = await startFrontendServer({
    port: 0,
    gatewayUrl: 'http://127.0.0.1:9',
    shellDir,
    pluginsRoot,
    plugins: [
      { name: 'documents', ui: 'local' },
      { name: 'charts', ui: 'remote', remoteUrl: `${charts.url}/remoteEntry.js` },
      { name: 'reports', ui: 'remote', remoteUrl: `${reports.url}/remoteEntry.js` },
    ],
    onPluginSkipped: (name, reason) => logged.push(`${name}: ${reason}`),
    onRemoteRefused: (name, reason) => logged.push(`refused ${name}: ${reason}`),
    remoteRefreshMs: 100,
    remoteLoadTimeoutMs: 5000,
    updateCheckMs: 2000,
    sessionCheck: async () => ({ role: 'admin' }),
  });
  try {
    const manifest = (await (await fetch(`${server.url}/plugins.json`)).json()) as ManifestBody;
    assert.deepEqual(manifest.plugins.map((plugin) => plugin.name), ['documents', 'reports']);
    // What the browser needs to load each entry without reading it, and a version a tab compares.
    const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;
    assert.deepEqual(
      manifest.plugins.map((plugin) => plugin.entry),
      [
        { url: `/plugins/documents/remoteEntry.js?v=${versionToken('var documents = {};')}`, type: 'script', version: sha256('var documents = {};') },
        { url: `${reports.url}/remoteEntry.js?v=${versionToken(entryScript('reports').body)}`, type: 'script', version: sha256(entryScript('reports').body) },
      ],
    );
    assert.equal(manifest.updateCheckMs, 2000);
    assert.equal(manifest.refused?.length, 1);
    assert.equal(manifest.refused?.[0]?.name, 'charts');
    assert.match(manifest.refused?.[0]?.reason ?? '', /^lattice-plugin\.json menus\.0\.location: /);
    assert.equal(manifest.remoteLoadTimeoutMs, 5000);
    assert.equal(logged.filter((line) => line.startsWith('refused charts: lattice-plugin.json menus.0.location')).length, 1, 'logged once, naming the plugin and the field');

    const login = await fetch(`${server.url}/login`);
    assert.equal(login.status, 200);
    const policy = login.headers.get('content-security-policy') ?? '';
    assert.match(policy, new RegExp(`script-src 'self' 'sha256-[A-Za-z0-9+/=]+' ${charts.url} ${reports.url}(;|$)`), 'the inline script by hash and every remote origin');
    assert.doesNotMatch(policy, /unsafe-eval/);
    assert.match(policy, /frame-ancestors 'none'/);
    for (const response of [login, await fetch(`${server.url}/plugins/documents/remoteEntry.js`)]) {
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(response.headers.get('x-frame-options'), 'DENY');
      assert.equal(response.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
    }
    assert.match(await login.text(), /"refused":\[\{"name":"charts"/, 'the page carries the refusal for the shell to show');

    // The reports team renames its menu and the charts team fixes its descriptor: no host change.
    reports.files.set('/lattice-plugin.json', descriptorOf('reports', { menus: [{ text: 'Quarterly reports', url: '/reports/', location: 'mainNavigation' }] }));
    charts.files.set('/lattice-plugin.json', descriptorOf('charts'));
    const fresh = await manifestOnce(server.url, (body) => body.plugins.length === 3 && body.plugins.some((plugin) => plugin.menus[0]?.text === 'Quarterly reports'));
    assert.deepEqual(fresh.plugins.map((plugin) => plugin.name), ['documents', 'charts', 'reports']);
    assert.equal(fresh.refused, undefined);
    assert.ok(logged.includes('charts: accepted again: its descriptor and entry are valid now'));

    // Its entry now answers the host's HTML fallback: refused again, for that field.
    charts.files.set('/remoteEntry.js', { type: 'text/html', body: '<!doctype html>' });
    const refusedAgain = await manifestOnce(server.url, (body) => body.refused?.[0]?.name === 'charts');
    assert.match(refusedAgain.refused?.[0]?.reason ?? '', /^ui_url: .* answered text\/html, not a script$/);

    // The reports team redeploys its code: the next check gives its entry another version.
    const before = refusedAgain.plugins.find((plugin) => plugin.name === 'reports')?.entry?.version;
    reports.files.set('/remoteEntry.js', { type: 'text/javascript', body: 'var reports = { release: 2 };' });
    const redeployed = await manifestOnce(server.url, (body) => body.plugins.find((plugin) => plugin.name === 'reports')?.entry?.version !== before);
    assert.equal(redeployed.plugins.find((plugin) => plugin.name === 'reports')?.entry?.version, sha256('var reports = { release: 2 };'));
    assert.equal((await fetch(`${server.url}/documents/`)).status, 200);
  } finally {
    await server.stop();
    await Promise.all([reports.close(), charts.close()]);
    await rm(root, { recursive: true, force: true });
  }
});

/** A gateway that knows two sessions by their `auth-token`: an admin's and a member's. */
async function startSessionGateway() {
  const asked: string[] = [];
  const roles: Record<string, string> = { 'admin-token': 'admin', 'member-token': 'member' };
  const server = createServer((request, response) => {
    const token = /auth-token=([^;]+)/.exec(request.headers.cookie ?? '')?.[1] ?? '';
    asked.push(token);
    const role = roles[token];
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(role ? { data: { currentUser: { role } } } : { data: { currentUser: null }, errors: [{ message: 'Not logged in', extensions: { code: 'UNAUTHENTICATED' } }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked, close: () => new Promise((resolve) => server.close(resolve)) };
}

test("/plugins.json and the page: without a session only the login page's needs; a remote claiming documents' path or another's kind is refused for the claim, its reason for admins only", async () => {
  const { root, shellDir, pluginsRoot } = await fixtureDirs();
  const gateway = await startSessionGateway();
  const thief = await startRemoteOrigin({
    '/lattice-plugin.json': descriptorOf('thief', { menus: [{ text: 'Mine', url: '/documents/', location: 'mainNavigation' }], inboxIntegration: { kind: 'imap', name: 'Mine', isAvailable: true } }),
    '/remoteEntry.js': entryScript('thief'),
  });
  const server = await startFrontendServer({
    port: 0,
    gatewayUrl: gateway.url,
    shellDir,
    pluginsRoot,
    plugins: [
      { name: 'documents', ui: 'local' },
      { name: 'imap' },
      { name: 'thief', ui: 'remote', remoteUrl: `${thief.url}/remoteEntry.js` },
    ],
    remoteLoadTimeoutMs: 5000,
  });
  const manifestAs = async (token?: string) =>
    (await (await fetch(`${server.url}/plugins.json`, { headers: token ? { cookie: `theme=dark; auth-token=${token}` } : {} })).json()) as ManifestBody & { signedIn?: boolean };
  try {
    assert.deepEqual(await manifestAs(), { plugins: [], remoteLoadTimeoutMs: 5000, updateCheckMs: 60_000, signedIn: false });
    assert.deepEqual(await manifestAs('forged-token'), { plugins: [], remoteLoadTimeoutMs: 5000, updateCheckMs: 60_000, signedIn: false });
    for (const path of ['/login', '/documents/']) {
      const page = await (await fetch(`${server.url}${path}`)).text();
      assert.doesNotMatch(page, /rel="(module)?preload"/, `${path} preloads nothing without a session`);
      assert.match(page, /"plugins":\[\]/);
    }

    const admin = await manifestAs('admin-token');
    assert.deepEqual(admin.plugins.map((plugin) => plugin.name), ['documents']);
    assert.deepEqual(admin.refused, [
      {
        name: 'thief',
        check: 'claim',
        reason: 'lattice-plugin.json menus.0.url: "/documents/" is the documents plugin\'s path /documents/; inboxIntegration.kind: "imap" is the imap plugin\'s inbox kind',
      },
    ]);
    const member = await manifestAs('member-token');
    assert.deepEqual(member.refused, [{ name: 'thief', check: 'claim' }], 'a member learns which plugin and which check, not its URLs or hashes');
    const page = await (await fetch(`${server.url}/documents/`, { headers: { cookie: 'auth-token=member-token' } })).text();
    assert.match(page, /rel="preload" as="script" href="\/plugins\/documents\/remoteEntry\.js\?v=/, "documents' page preloads documents, never the remote that claimed its path");
    assert.doesNotMatch(page, new RegExp(thief.url));
    assert.ok(gateway.asked.filter((token) => token === 'member-token').length <= 2, 'a session is asked for once per few seconds, not per request');
  } finally {
    await server.stop();
    await gateway.close();
    await thief.close();
    await rm(root, { recursive: true, force: true });
  }
});
