import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFrontendServer } from '../index.js';

async function shellFixture() {
  const root = await mkdtemp(join(tmpdir(), 'mobile-app-'));
  const shellDir = join(root, 'shell');
  await mkdir(shellDir);
  await writeFile(join(shellDir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  await writeFile(join(shellDir, 'main.0123456789.js'), 'console.log("shell")');
  await writeFile(join(shellDir, 'main.0123456789.js.LICENSE.txt'), 'licence');
  return { root, shellDir };
}

/** A gateway that answers HTTP with the path it got, and completes websocket upgrades naming the path. */
async function gatewayDouble() {
  const upgrades: string[] = [];
  const server = createServer((request, response) => response.end(JSON.stringify({ path: request.url })));
  server.on('upgrade', (request, socket) => {
    upgrades.push(request.url ?? '');
    socket.end(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nX-Path: ${request.url}\r\n\r\n`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, upgrades, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** A websocket handshake as nginx sends it to the phone app's port (prefix stripped, X-Forwarded-Prefix set); resolves with the status. */
function upgradeStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', ...headers } });
    request.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve(response.statusCode ?? 0);
    });
    request.on('response', (response) => resolve(response.statusCode ?? 0));
    request.on('error', reject);
    request.end();
  });
}

test('the phone app: manifest, icons, service worker and pages under /mobile-app/ of the front-end and on its own port, with the prefix nginx strips put back', async () => {
  const { root, shellDir } = await shellFixture();
  const gateway = await gatewayDouble();
  const frontend = await startFrontendServer({ port: 0, mobilePort: 0, gatewayUrl: gateway.url, plugins: [], shellDir });
  try {
    assert.ok(frontend.mobileUrl?.endsWith('/mobile-app/'), frontend.mobileUrl);
    const mobileOrigin = new URL(frontend.mobileUrl!).origin;
    const asNginxSends = { 'x-forwarded-prefix': '/mobile-app' };

    for (const [url, headers] of [
      [`${frontend.url}/mobile-app/manifest.webmanifest`, {}],
      [`${mobileOrigin}/manifest.webmanifest`, asNginxSends],
    ] as const) {
      const response = await fetch(url, { headers });
      assert.equal(response.status, 200, url);
      assert.match(response.headers.get('content-type') ?? '', /^application\/manifest\+json/);
      const manifest = (await response.json()) as { start_url: string; scope: string; display: string; icons: Array<{ src: string; sizes: string }> };
      assert.equal(manifest.start_url, '/mobile-app/');
      assert.equal(manifest.scope, '/mobile-app');
      assert.equal(manifest.display, 'standalone');
      assert.deepEqual(manifest.icons.map((icon) => icon.sizes), ['192x192', '512x512']);
    }

    const icon = Buffer.from(await (await fetch(`${frontend.url}/mobile-app/icons/icon-512.png`)).arrayBuffer());
    assert.equal(icon.subarray(1, 4).toString('ascii'), 'PNG');
    assert.equal(icon.readUInt32BE(16), 512, 'IHDR width');
    assert.equal((await fetch(`${frontend.url}/mobile-app/icons/icon-100.png`)).status, 404);

    const worker = await fetch(`${mobileOrigin}/sw.js`, { headers: asNginxSends });
    assert.equal(worker.headers.get('cache-control'), 'no-cache');
    const script = await worker.text();
    assert.match(script, /"\/main\.0123456789\.js"/, 'the shell file is kept for offline starts');
    assert.doesNotMatch(script, /LICENSE/);
    assert.match(script, /\/mobile-app\/offline\.html/);
    assert.match(await (await fetch(`${frontend.url}/mobile-app/offline.html`)).text(), /You are offline/);

    for (const url of [`${frontend.url}/mobile-app/documents/`, `${mobileOrigin}/mobile-app/documents/`]) {
      const page = await fetch(url);
      assert.equal(page.status, 200, url);
      const html = await page.text();
      assert.match(html, /<link rel="manifest" href="\/mobile-app\/manifest.webmanifest">/);
      assert.match(html, /<meta name="lattice-base" content="\/mobile-app">/);
    }
    assert.doesNotMatch(await (await fetch(`${frontend.url}/documents/`)).text(), /rel="manifest"/, 'the site at / is not the installable app');
    const root302 = await fetch(`${mobileOrigin}/`, { redirect: 'manual' });
    assert.equal(root302.status, 302);
    assert.equal(root302.headers.get('location'), '/mobile-app/');
    assert.equal((await fetch(`${mobileOrigin}/main.0123456789.js`)).status, 200, 'the shell files on the app port itself');

    assert.deepEqual(await (await fetch(`${frontend.url}/mobile-app/gateway/graphql`, { method: 'POST' })).json(), { path: '/graphql' });
    assert.deepEqual(await (await fetch(`${mobileOrigin}/gateway/graphql`, { method: 'POST', headers: asNginxSends })).json(), { path: '/graphql' });
    assert.equal(await upgradeStatus(`${mobileOrigin}/gateway/graphql`, asNginxSends), 101);
    assert.equal(await upgradeStatus(`${frontend.url}/mobile-app/gateway/graphql`), 101);
    assert.deepEqual(gateway.upgrades, ['/graphql', '/graphql']);
  } finally {
    await frontend.stop();
    await gateway.close();
    await rm(root, { recursive: true, force: true });
  }
});

test('the phone app port refuses to start on a port in use, naming it, and leaves nothing listening', async () => {
  const { root, shellDir } = await shellFixture();
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const port = (taken.address() as AddressInfo).port;
  try {
    await assert.rejects(startFrontendServer({ port: 0, mobilePort: port, gatewayUrl: 'http://127.0.0.1:9', plugins: [], shellDir }), new RegExp(`the phone app cannot listen on 127\\.0\\.0\\.1:${port}`));
  } finally {
    await new Promise((resolve) => taken.close(resolve));
    await rm(root, { recursive: true, force: true });
  }
});
