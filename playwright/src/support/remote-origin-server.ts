import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

export interface RemoteOriginServer {
  url: string;
  /** The remote's `lattice-plugin.json`; set it to redeploy the descriptor. */
  descriptor: unknown;
  close(): Promise<void>;
}

// webpack and Rsbuild name chunks `name.0123abcd.js`, Vite `assets/name-AbC_12-z.js`.
const contentHashed = /(\.[0-9a-f]{8,}|\/assets\/[^/]+-[A-Za-z0-9_-]{8})\.js$/;
const types: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.json': 'application/json; charset=utf-8' };

/**
 * A UI remote as its own team deploys it, on a port of its own: a build folder served the way the docs ask
 * (entry and descriptor revalidated, content-hashed chunks immutable, CORS for the shell's origin), and a
 * `lattice-plugin.json` the test can change. `entryCacheControl` serves the files that are not content-hashed
 * (the entry) otherwise, as ordinary hosting does (`max-age=3600`).
 */
export async function startRemoteOriginServer(buildDir: string, descriptor: unknown, options: { entryCacheControl?: string } = {}): Promise<RemoteOriginServer> {
  const state = { descriptor };
  const server = createServer((request, response) => {
    const path = normalize(new URL(request.url ?? '/', 'http://remote').pathname);
    response.setHeader('access-control-allow-origin', '*');
    if (path === '/lattice-plugin.json') {
      response.writeHead(200, { 'content-type': types['.json']!, 'cache-control': 'no-cache' }).end(JSON.stringify(state.descriptor));
      return;
    }
    const hashed = contentHashed.test(path);
    readFile(join(buildDir, path)).then(
      (body) => {
        const cacheControl = hashed ? 'public, max-age=31536000, immutable' : (options.entryCacheControl ?? 'no-cache');
        response.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream', 'cache-control': cacheControl }).end(body);
      },
      () => response.writeHead(404, { 'content-type': 'text/plain' }).end('not found'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get descriptor() {
      return state.descriptor;
    },
    set descriptor(value: unknown) {
      state.descriptor = value;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
