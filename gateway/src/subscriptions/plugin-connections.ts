import { WEBSOCKET_UPGRADE } from '@lattice/contracts';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import type { HeaderRecord } from '../http/forwarded-headers.js';
import type { Replica } from '../subgraphs/replica.js';

const HANDSHAKE_TIMEOUT_MS = 5_000;

/**
 * One client connection's websocket connections to plugin hosts: a graphql-ws client per replica that
 * carries the client's upgrade headers (cookie, authorization, x-forwarded-*) and connection_init
 * payload. Each opens with its first subscription and closes after its last, so a client's
 * subscriptions to one replica share one socket.
 */
export class PluginConnections {
  readonly #clients = new Map<string, Client>();

  constructor(
    private readonly headers: HeaderRecord,
    private readonly connectionParams: Readonly<Record<string, unknown>> | undefined,
  ) {}

  clientFor(replica: Replica): Client {
    const known = this.#clients.get(replica.url);
    if (known) return known;
    const { headers } = this;
    class WebSocketToPlugin extends WebSocket {
      constructor(address: string | URL, protocols?: string | string[]) {
        // Signed as the socket opens, for the upgrade only: a signature is good once, the socket for as long as it lives.
        super(address, protocols, { headers: { ...headers, ...replica.signature(WEBSOCKET_UPGRADE) }, handshakeTimeout: HANDSHAKE_TIMEOUT_MS });
      }
    }
    const client = createClient({
      url: `${replica.url.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: WebSocketToPlugin,
      connectionParams: this.connectionParams ? { ...this.connectionParams } : undefined,
      // A plugin that goes away ends its subscriptions with PLUGIN_UNAVAILABLE; the client decides when to subscribe again.
      retryAttempts: 0,
      connectionAckWaitTimeout: HANDSHAKE_TIMEOUT_MS,
    });
    this.#clients.set(replica.url, client);
    return client;
  }

  async close(): Promise<void> {
    const clients = [...this.#clients.values()];
    this.#clients.clear();
    await Promise.all(clients.map((client) => client.dispose()));
  }
}
