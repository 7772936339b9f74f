import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFrontendServer } from './index.js';

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
  // A remote plugin whose build is elsewhere: only its source config is here.
  await mkdir(join(pluginsRoot, 'inbox'), { recursive: true });
  await writeFile(join(pluginsRoot, 'inbox', 'ui-plugin.config.json'), JSON.stringify(uiConfig('inbox')));
  return { root, shellDir, pluginsRoot };
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
  const skipped: string[] = [];
  const server = await startFrontendServer({
    port: 0,
    gatewayUrl: gateway.url,
    shellDir,
    pluginsRoot,
    plugins: [
      { name: 'core' },
      { name: 'documents', ui: 'local' },
      { name: 'inbox', ui: 'remote', remoteUrl: 'https://cdn.example.com/inbox/remoteEntry.js' },
      { name: 'contacts', ui: 'local' },
    ],
    onPluginSkipped: (name) => skipped.push(name),
  });
  try {
    const manifest = await fetch(`${server.url}/plugins.json`);
    assert.equal(manifest.headers.get('cache-control'), 'no-cache');
    const { plugins } = (await manifest.json()) as { plugins: Array<{ name: string; remoteEntry: string; preload?: string[] }> };
    assert.deepEqual(
      plugins.map((plugin) => [plugin.name, plugin.remoteEntry]),
      [
        ['documents', '/plugins/documents/remoteEntry.js'],
        ['inbox', 'https://cdn.example.com/inbox/remoteEntry.js'],
      ],
    );
    assert.deepEqual(plugins[0]?.preload, ['/plugins/documents/remoteEntry.js', '/plugins/documents/12.abcdef0123.js']);
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
