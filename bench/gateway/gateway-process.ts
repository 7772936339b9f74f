/**
 * One gateway of bench/gateway in a process of its own, so its CPU and memory are its own:
 * `node --conditions=development --import tsx gateway-process.ts <ours|hive> <dedupe-on|dedupe-off>`, with
 * BENCH_GATEWAY (JSON: the platform secret, the plugins' base URLs and the composed supergraph) in the
 * environment. Prints `listening <url>` once it serves.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GatewayPlugin } from '@graphql-hive/gateway';
import { createHiveSigner } from './hive-signature.js';

export interface GatewayProcessConfig {
  platformSecret: string;
  subgraphs: Array<{ name: string; url: string }>;
  supergraphSdl: string;
}

const [kind, dedupe] = process.argv.slice(2);
const config = JSON.parse(process.env['BENCH_GATEWAY'] ?? '{}') as GatewayProcessConfig;
const dedupeRequests = dedupe === 'dedupe-on';

// Each kind loads only its own gateway's code, so each process's memory is its gateway's.
if (kind === 'ours') {
  const { startGateway } = await import('@lattice/gateway');
  const { pino } = await import('pino');
  const gateway = await startGateway({
    port: 0,
    platformSecret: config.platformSecret,
    subgraphs: config.subgraphs.map(({ name, url }) => ({ name, urls: [url] })),
    logger: pino({ level: 'warn' }),
    dedupeRequests,
  });
  console.log(`listening ${gateway.url}`);
} else if (kind === 'hive') {
  const { createGatewayRuntime } = await import('@graphql-hive/gateway');
  const sign = createHiveSigner(config.platformSecret);
  // The plugin hosts refuse unsigned requests: this signs each one as our gateway does, after Hive's own
  // deduplication (which runs before fetch), over the body Hive actually sends.
  const signRequests: GatewayPlugin = {
    onFetch({ url, options, setOptions }) {
      const body = typeof options.body === 'string' ? options.body : '';
      const target = new URL(url);
      const plugin = config.subgraphs.find((subgraph) => new URL(subgraph.url).origin === target.origin)?.name ?? '';
      setOptions({ ...options, headers: { ...(options.headers as Record<string, string>), ...sign(plugin, `${target.pathname}${target.search}`, body) } });
    },
  };
  const gateway = createGatewayRuntime({
    supergraph: config.supergraphSdl,
    logging: false,
    transportEntries: { '*.http': { options: { deduplicateInflightRequests: dedupeRequests } } },
    // Our gateway forwards the client's headers; the subgraphs need the login cookie.
    propagateHeaders: { fromClientToSubgraphs: ({ request }) => ({ cookie: request.headers.get('cookie') ?? '' }) },
    plugins: () => [signRequests],
  });
  const server = createServer(gateway);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  console.log(`listening http://127.0.0.1:${(server.address() as AddressInfo).port}`);
} else {
  throw new Error(`usage: gateway-process.ts <ours|hive> <dedupe-on|dedupe-off>, got ${kind} ${dedupe}`);
}
