import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Served {
  status?: number;
  type?: string;
  body: string;
}

export interface RemoteOrigin {
  url: string;
  /** What each path answers; change it to redeploy. */
  files: Map<string, Served>;
  /** The paths asked for, with the Cache-Control each request carried. */
  requests: Array<{ path: string; cacheControl?: string }>;
  close(): Promise<void>;
}

/** A remote's own server on a port of its own, as its team would deploy it: its files, and 404 for the rest. */
export async function startRemoteOrigin(files: Record<string, Served> = {}): Promise<RemoteOrigin> {
  const served = new Map(Object.entries(files));
  const requests: RemoteOrigin['requests'] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://remote').pathname;
    requests.push({ path, cacheControl: request.headers['cache-control'] });
    const file = served.get(path);
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('cache-control', 'no-cache');
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(file.status ?? 200, { 'content-type': file.type ?? 'application/json' }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    files: served,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A valid descriptor for `name`, with overrides. */
export function descriptorOf(name: string, overrides: Record<string, unknown> = {}): Served {
  const descriptor = {
    name,
    scope: name,
    routes: { module: './routes' },
    menus: [{ text: name, url: `/${name}/`, location: 'mainNavigation' }],
    shared: { react: '^19.0.0' },
    ...overrides,
  };
  return { body: JSON.stringify(descriptor) };
}

export const entryScript = (scope: string): Served => ({ type: 'text/javascript', body: `var ${scope} = {};` });
