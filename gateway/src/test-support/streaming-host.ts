import http from 'node:http';
import type { AddressInfo } from 'node:net';

const SDL = 'extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])\ntype Query { big: String }';

/** The answer to `{ big }` a streaming host sends: `{"data":{"big":"aaa…bbb…"}}`, each half `half` characters. */
export function bigAnswer(half: number): string {
  return `{"data":{"big":"${'a'.repeat(half)}${'b'.repeat(half)}"}}`;
}

export interface StreamingHost {
  readonly url: string;
  /** `{ big }` requests received. */
  readonly calls: () => number;
  /** Answers in flight that have sent their first half and wait for `finish` or `breakOff`. */
  readonly waiting: () => number;
  /** Sends the second half of every waiting answer. */
  finish(): void;
  /** Drops the connection of every waiting answer, mid-body. */
  breakOff(): void;
  dispose(): Promise<void>;
}

/**
 * A bare subgraph (node:http, no GraphQL server) whose one field `big` answers in two halves: the headers
 * and the first half at once, the rest when the test says so, so a test can see what the gateway does
 * while an answer is on its way. It does not check signatures.
 */
export async function startStreamingHost(half = 64 * 1024): Promise<StreamingHost> {
  let calls = 0;
  let waiting: http.ServerResponse[] = [];
  const text = bigAnswer(half);
  const firstHalf = text.slice(0, text.length / 2);
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/health')) return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ready"}');
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (body.includes('_service')) {
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { _service: { sdl: SDL } } }));
      }
      calls += 1;
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      res.write(firstHalf);
      waiting.push(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const settle = (each: (res: http.ServerResponse) => void) => {
    const now = waiting;
    waiting = [];
    now.forEach(each);
  };
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls: () => calls,
    waiting: () => waiting.length,
    finish: () => settle((res) => res.end(text.slice(text.length / 2))),
    breakOff: () => settle((res) => res.socket?.destroy()),
    async dispose() {
      settle((res) => res.socket?.destroy());
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
