import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A UI remote's own server, as its team deploys it: `.json` as JSON, `.js` as script, 404 for the rest. */
export async function startRemote(files: Record<string, string>): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://remote').pathname;
    const body = files[path];
    if (body === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': path.endsWith('.json') ? 'application/json' : 'text/javascript' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
