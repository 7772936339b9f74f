import type { IncomingMessage } from 'node:http';
import type { MessageBroker } from '@lattice/broker';
import type { PubSubEngine } from 'graphql-subscriptions';
import type { Logger } from 'pino';
import type { SettingsCache } from './settings-cache.js';
/**
 * The widgets' websockets (`/ws`): a socket says `hello` with the visitor's token, the messenger plugin confirms
 * it, and from then on the socket hears that visitor's events. Events come through pub/sub (Redis in services
 * mode), so a reply reaches the visitor whichever widgets process holds the socket.
 */
export declare class VisitorSockets {
    private readonly broker;
    private readonly pubsub;
    private readonly settings;
    private readonly rpcTimeoutMs;
    private readonly debug;
    private readonly server;
    private readonly byVisitor;
    private readonly perAddress;
    private subscription?;
    private readonly pinger;
    constructor(broker: MessageBroker, pubsub: PubSubEngine, settings: SettingsCache, rpcTimeoutMs: number, debug: Logger);
    start(): Promise<void>;
    private deliver;
    /** An upgrade on /ws: at most `maxSocketsPerAddress` per address. */
    upgrade(request: IncomingMessage, socket: import('node:stream').Duplex, head: Buffer): void;
    private accept;
    stop(): Promise<void>;
}
