/**
 * The floor of bench/gateway: the least a gateway in a process of its own can cost. A minimal node:http
 * reverse proxy that pipes each request to a plugin host and the answer back over keep-alive connections,
 * reading and changing nothing: `/<plugin>/<path>` goes to that plugin's `<path>`. Whatever one more process
 * hop costs on this machine (a loopback round trip, two HTTP parses, a wake-up on a shared core), every
 * gateway pays at least that over the direct subgraph.
 * `node --import tsx floor-proxy.ts`, with BENCH_GATEWAY (JSON, as gateway-process.ts reads it) in the
 * environment. Prints `listening <url>` once it serves.
 */
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GatewayProcessConfig } from './gateway-process.js';

const config = JSON.parse(process.env['BENCH_GATEWAY'] ?? '{}') as GatewayProcessConfig;
const hosts = new Map(config.subgraphs.map(({ name, url }) => [name, new URL(url)]));
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

const server = createServer((req, res) => {
  const slash = req.url?.indexOf('/', 1) ?? -1;
  const host = slash > 0 ? hosts.get(req.url!.slice(1, slash)) : undefined;
  if (!host) {
    res.writeHead(404).end();
    return;
  }
  const { connection: _connection, host: _host, ...headers } = req.headers;
  const upstream = request(
    { agent, hostname: host.hostname, port: host.port, method: req.method, path: req.url!.slice(slash), headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
console.log(`listening http://127.0.0.1:${(server.address() as AddressInfo).port}`);
