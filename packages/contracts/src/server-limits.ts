import type { Server as HttpServer, ServerOptions } from 'node:http';
import type { Server as NetServer } from 'node:net';

/**
 * The limits every Lattice HTTP server applies, so half-sent requests cannot hold sockets: the headers must
 * arrive within 20 s and the whole request within 120 s (a 50 MB mail upload on a slow link fits), checked every
 * 2 s rather than Node's default 30 s.
 */
/**
 * The request header buffer of every Lattice HTTP server: 32 KB, as the reverse proxy's (SPEC.md "Limits"), so a
 * request nginx lets through is not refused with 431 by the role behind it (Node's own default is 16 KB).
 */
export const MAX_HEADER_BYTES = 32 * 1024;

export const serverTimeouts = {
  headersTimeout: 20_000,
  requestTimeout: 120_000,
  connectionsCheckingInterval: 2_000,
} as const satisfies ServerOptions;

/**
 * Open connections one address may hold on one server; past it a new one is closed at once. The gateway and the
 * plugin hosts see the reverse proxy or the gateway as one address, whose pools stay far below it (the gateway
 * keeps at most 256 connections to a host).
 */
export const defaultMaxConnectionsPerAddress = 512;

/** `createServer` options with the timeouts and the 32 KB header buffer, and any of the caller's own. */
export function limitedServerOptions(options: ServerOptions = {}): ServerOptions {
  return { ...serverTimeouts, maxHeaderSize: MAX_HEADER_BYTES, ...options };
}

/** Closes each connection past `max` open ones from the same remote address. */
export function capConnectionsPerAddress(server: NetServer, max = defaultMaxConnectionsPerAddress): void {
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) return void socket.destroy();
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

/** Both, on a server already made (for one whose maker took no options): the checking interval stays Node's. */
export function limitServer<T extends HttpServer>(server: T, maxConnectionsPerAddress = defaultMaxConnectionsPerAddress): T {
  server.headersTimeout = serverTimeouts.headersTimeout;
  server.requestTimeout = serverTimeouts.requestTimeout;
  capConnectionsPerAddress(server, maxConnectionsPerAddress);
  return server;
}
