import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { compressedFiles } from './compressed-files.js';

const script = `console.log(${JSON.stringify('lattice '.repeat(2000))});\n`;

async function serve() {
  const root = await mkdtemp(join(tmpdir(), 'compressed-files-'));
  await writeFile(join(root, 'main.0123456789.js'), script);
  await writeFile(join(root, 'logo.png'), 'not really a png');
  const app = express();
  app.use(compressedFiles(root), express.static(root));
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  /** Stops the server and removes its folder. */
  const close = async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(root, { recursive: true, force: true });
  };
  return { root, url, close };
}

/** Asks until the compressed copy, made in the background after the first request, is served. */
async function fetchCompressed(url: string, encoding: string): Promise<Response> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const response = await fetch(url, { headers: { 'accept-encoding': encoding } });
    if (response.headers.get('content-encoding')) return response;
    await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} was never served compressed`);
}

test('a script is served plain at first, then brotli or gzip as the browser accepts, with the same caching', async () => {
  const { url, close } = await serve();
  try {
    const first = await fetch(`${url}/main.0123456789.js`, { headers: { 'accept-encoding': 'br' } });
    assert.equal(first.headers.get('content-encoding'), null, 'not kept waiting for the compression');
    assert.equal(first.headers.get('vary'), 'Accept-Encoding');
    assert.equal(await first.text(), script);

    const brotli = await fetchCompressed(`${url}/main.0123456789.js`, 'gzip, deflate, br');
    assert.equal(brotli.headers.get('content-encoding'), 'br');
    assert.equal(brotli.headers.get('content-type'), 'text/javascript; charset=utf-8');
    assert.equal(brotli.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(brotli.headers.get('vary'), 'Accept-Encoding');
    // fetch decodes the body itself; the length on the wire is the compressed one.
    assert.ok(Number(brotli.headers.get('content-length')) < script.length / 10);
    assert.equal(await brotli.text(), script);

    const gzip = await fetchCompressed(`${url}/main.0123456789.js`, 'gzip');
    assert.equal(gzip.headers.get('content-encoding'), 'gzip');
    assert.equal(await gzip.text(), script);

    const etag = brotli.headers.get('etag')!;
    const revalidated = await fetch(`${url}/main.0123456789.js`, { headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    assert.equal(revalidated.status, 304);

    const identity = await fetch(`${url}/main.0123456789.js`, { headers: { 'accept-encoding': 'identity' } });
    assert.equal(identity.headers.get('content-encoding'), null);
    assert.equal(await identity.text(), script);

    const image = await fetch(`${url}/logo.png`, { headers: { 'accept-encoding': 'br' } });
    assert.equal(image.headers.get('content-encoding'), null, 'only scripts, styles and JSON');
  } finally {
    await close();
  }
});

test('a rebuilt file is served new at once, and compressed again', async () => {
  const { root, url, close } = await serve();
  try {
    await fetchCompressed(`${url}/main.0123456789.js`, 'br');
    const rebuilt = `${script}console.log('rebuilt');\n`;
    await writeFile(join(root, 'main.0123456789.js'), rebuilt);
    const next = await fetch(`${url}/main.0123456789.js`, { headers: { 'accept-encoding': 'br' } });
    assert.equal(await next.text(), rebuilt);
    assert.equal(await (await fetchCompressed(`${url}/main.0123456789.js`, 'br')).text(), rebuilt);
  } finally {
    await close();
  }
});

test('paths outside the folder and dotfiles are left to the next handler', async () => {
  const { root, url, close } = await serve();
  try {
    await writeFile(join(root, '.secret.json'), '{"secret":true}');
    const outside = await fetch(`${url}/..%2f..%2fetc%2fpasswd.json`, { headers: { 'accept-encoding': 'br' } });
    assert.equal(outside.status, 404);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const dotfile = await fetch(`${url}/.secret.json`, { headers: { 'accept-encoding': 'br' } });
      assert.equal(dotfile.status, 404);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await close();
  }
});
