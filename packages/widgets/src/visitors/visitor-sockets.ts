import type { IncomingMessage } from 'node:http';
import type { MessageBroker } from '@lattice/broker';
import { visitorEventSchema, visitorEventsChannel, widgetConversationQueue } from '@lattice/contracts';
import { callPluginRPC } from '@lattice/plugin-sdk';
import type { PubSubEngine } from 'graphql-subscriptions';
import type { Logger } from 'pino';
import { WebSocket, WebSocketServer } from 'ws';
import { z } from 'zod';
import { clientAddress, requestOrigin } from '../http/client-address.js';
import { requireAllowedCaller } from './visitor-api.js';
import type { SettingsCache } from './settings-cache.js';

const hello = z.object({ type: z.literal('hello'), integrationId: z.string(), visitorToken: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });
const maxSocketsPerAddress = 20;
const helloWithinMs = 10_000;
const pingEveryMs = 25_000;

/**
 * The widgets' websockets (`/ws`): a socket says `hello` with the visitor's token, the messenger plugin confirms
 * it, and from then on the socket hears that visitor's events. Events come through pub/sub (Redis in services
 * mode), so a reply reaches the visitor whichever widgets process holds the socket.
 */
export class VisitorSockets {
  private readonly server = new WebSocketServer({ noServer: true, maxPayload: 4_096 });
  private readonly byVisitor = new Map<string, Set<WebSocket>>();
  private readonly perAddress = new Map<string, number>();
  private subscription?: number;
  private readonly pinger = setInterval(() => {
    for (const socket of this.server.clients) socket.ping();
  }, pingEveryMs);

  constructor(
    private readonly broker: MessageBroker,
    private readonly pubsub: PubSubEngine,
    private readonly settings: SettingsCache,
    private readonly rpcTimeoutMs: number,
    private readonly debug: Logger,
  ) {
    this.pinger.unref();
  }

  async start(): Promise<void> {
    this.subscription = await this.pubsub.subscribe(visitorEventsChannel, (payload: unknown) => this.deliver(payload), {});
  }

  private deliver(payload: unknown): void {
    const parsed = visitorEventSchema.safeParse(payload);
    if (!parsed.success) return;
    const text = JSON.stringify(parsed.data.event);
    for (const socket of this.byVisitor.get(parsed.data.visitorId) ?? []) {
      if (socket.readyState === WebSocket.OPEN) socket.send(text);
    }
  }

  /** An upgrade on /ws: at most `maxSocketsPerAddress` per address. */
  upgrade(request: IncomingMessage, socket: import('node:stream').Duplex, head: Buffer): void {
    const address = clientAddress(request);
    const open = this.perAddress.get(address) ?? 0;
    if (open >= maxSocketsPerAddress) {
      socket.end('HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.server.handleUpgrade(request, socket, head, (ws) => this.accept(ws, request, address));
  }

  private accept(ws: WebSocket, request: IncomingMessage, address: string): void {
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    let visitorId: string | undefined;
    const timer = setTimeout(() => ws.close(4401, 'say hello first'), helloWithinMs);
    ws.on('close', () => {
      clearTimeout(timer);
      const left = (this.perAddress.get(address) ?? 1) - 1;
      if (left > 0) this.perAddress.set(address, left);
      else this.perAddress.delete(address);
      if (visitorId) {
        const sockets = this.byVisitor.get(visitorId);
        sockets?.delete(ws);
        if (sockets?.size === 0) this.byVisitor.delete(visitorId);
      }
    });
    ws.on('error', () => undefined);
    ws.once('message', async (data) => {
      clearTimeout(timer);
      try {
        const { integrationId, visitorToken } = hello.parse(JSON.parse(String(data)));
        const settings = await this.settings.require(integrationId);
        if (request.headers.origin !== requestOrigin(request)) requireAllowedCaller(request, settings);
        const view = await callPluginRPC(this.broker, widgetConversationQueue, 'messenger', { integrationId, visitorToken }, { timeoutMs: this.rpcTimeoutMs });
        if (!view) return ws.close(4401, 'unknown visitor');
        visitorId = view.visitorId;
        const sockets = this.byVisitor.get(visitorId) ?? new Set();
        sockets.add(ws);
        this.byVisitor.set(visitorId, sockets);
        ws.send(JSON.stringify({ type: 'ready' }));
      } catch (error) {
        this.debug.debug({ err: error }, 'a widget socket was refused');
        ws.close(4400, 'bad hello');
      }
    });
  }

  async stop(): Promise<void> {
    clearInterval(this.pinger);
    if (this.subscription !== undefined) this.pubsub.unsubscribe(this.subscription);
    for (const socket of this.server.clients) socket.terminate();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
