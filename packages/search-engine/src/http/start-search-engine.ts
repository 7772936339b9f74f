import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SearchEngine } from '../engine.js';
import { EngineError } from '../errors.js';
import { route } from './routes.js';
import { capConnectionsPerAddress, limitedServerOptions } from '@lattice/contracts';
import { observeRequests } from '@lattice/contracts/http-observability';
import { searchEngineRoute } from './search-engine-route.js';

export interface SearchEngineOptions {
  /** Folder the indexes persist in; omitted means in memory only (tests). */
  dataDir?: string;
  /** 0 or omitted picks a free port; `npm start` uses 9200. */
  port?: number;
  /** Defaults to 127.0.0.1: the engine has no authentication of its own. */
  host?: string;
  log?: (line: string) => void;
}

export interface RunningSearchEngine {
  /** `http://host:port`, for the OpenSearch client's `node`. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Bodies larger than this are refused with 413 (OpenSearch's default `http.max_content_length`). */
const MAX_BODY_BYTES = 100 * 1024 * 1024;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    request.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > MAX_BODY_BYTES) {
        reject(new EngineError(413, 'content_too_long', `the body exceeds ${MAX_BODY_BYTES} bytes`));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** Serves the engine's REST subset over HTTP. */
export async function startSearchEngine(options: SearchEngineOptions = {}): Promise<RunningSearchEngine> {
  const log = options.log ?? ((line: string) => process.stderr.write(`[search-engine] ${line}\n`));
  const engine = SearchEngine.open(options.dataDir);
  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const method = request.method ?? 'GET';
    let status: number;
    let body: unknown;
    try {
      const text = await readBody(request);
      ({ status, body } = route(engine, method, new URL(request.url ?? '/', 'http://engine'), text));
    } catch (error) {
      const shaped = error instanceof EngineError ? error : new EngineError(500, 'exception', error instanceof Error ? error.message : String(error));
      if (shaped.status === 500) log(`${method} ${request.url}: ${shaped.message}`);
      status = shaped.status;
      body = shaped.toBody();
    }
    const payload = method === 'HEAD' || body === undefined ? '' : JSON.stringify(body);
    response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', 'content-length': Buffer.byteLength(payload) });
    response.end(method === 'HEAD' ? undefined : payload);
  };
  const observed = observeRequests((request, response) => void handle(request, response), { role: 'search-engine', routeOf: searchEngineRoute });
  const server = createServer(limitedServerOptions(), observed);
  capConnectionsPerAddress(server);
  server.keepAliveTimeout = 65_000;
  const host = options.host ?? '127.0.0.1';
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    engine.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  let stopping: Promise<void> | undefined;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    stop: () => {
      stopping ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }).then(() => engine.close());
      return stopping;
    },
  };
}
