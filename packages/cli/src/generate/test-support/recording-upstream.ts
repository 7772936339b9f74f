import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  bodyBytes: number;
  httpVersion: string;
  upgraded: boolean;
}

/** Security headers a front-end sends, which the proxy must pass on as they are. */
export const upstreamSecurityHeaders = {
  'content-security-policy': "default-src 'self'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
};

export interface RecordingUpstream {
  address: string;
  received: RecordedRequest[];
  /** Lets the one open `/stream` response finish; until then it has sent its first chunk only. */
  finishStream(): void;
  close(): Promise<void>;
}

/**
 * A stand-in for a service behind the proxy that records what reaches it: headers, path, body size and
 * upgrades. `/stream` sends one chunk and holds the rest until told, to see whether the proxy buffers.
 */
export async function startRecordingUpstream(): Promise<RecordingUpstream> {
  const received: RecordedRequest[] = [];
  let finishStream = () => undefined as void;
  // Node's own 16 KB header limit would refuse the 20 KB header before the proxy's limit is what is measured.
  const server: Server = createServer({ maxHeaderSize: 64 * 1024 }, (request, response) => {
    let bodyBytes = 0;
    request.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, bodyBytes, httpVersion: request.httpVersion, upgraded: false });
      response.writeHead(200, { 'content-type': 'text/plain', ...upstreamSecurityHeaders });
      if (request.url !== '/stream') {
        response.end(`received ${bodyBytes}`);
        return;
      }
      response.write('first chunk\n');
      finishStream = () => response.end('last chunk\n');
    });
  });
  server.on('upgrade', (request, socket) => {
    received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, bodyBytes: 0, httpVersion: request.httpVersion, upgraded: true });
    socket.end('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    finishStream: () => finishStream(),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
