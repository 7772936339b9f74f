import { connect, type ChannelModel } from 'amqplib';
import { BrokerClosedError, BrokerUnavailableError } from '../errors.js';
import type { BrokerLogger } from '../logger.js';
import { Session } from './session.js';
import { coalesceSocketWrites } from './socket-coalescing.js';

export interface SupervisorOptions {
  url: string;
  connectionName: string;
  prefetch: number;
  reconnectInitialDelayMs: number;
  reconnectMaxDelayMs: number;
  logger: BrokerLogger;
  /** Runs on every new session before anyone may use it: reply queue, consumers. */
  setUp: (session: Session) => Promise<void>;
  /** Runs when a session is lost, before the reconnect starts. */
  onLost: (session: Session) => void;
}

// Without it a host that drops packets holds one attempt for the OS's TCP timeout (minutes).
const CONNECT_ATTEMPT_TIMEOUT_MS = 5_000;

interface Waiter {
  resolve: (session: Session) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** Keeps one session open: reconnects with exponential backoff and jitter until closed. */
export class ConnectionSupervisor {
  private current: Session | undefined;
  private closed = false;
  private nextId = 1;
  private attempt = 0;
  private lastError: Error | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private readonly waiters = new Set<Waiter>();

  constructor(private readonly options: SupervisorOptions) {}

  /** Resolves with the first session, or fails once `timeoutMs` has passed without one. */
  start(timeoutMs: number): Promise<Session> {
    const first = this.session(undefined, Date.now() + timeoutMs);
    void this.connectOnce();
    return first;
  }

  get connected(): Session | undefined {
    return this.current?.isOpen() ? this.current : undefined;
  }

  /** The open session, waiting for a reconnect until `deadline` (epoch ms) at most; `budgetMs` is for the error. */
  session(queue: string | undefined, deadline: number, budgetMs = Math.max(0, deadline - Date.now())): Promise<Session> {
    if (this.closed) return Promise.reject(new BrokerClosedError(queue));
    const open = this.connected;
    if (open) return Promise.resolve(open);
    return new Promise((resolve, reject) => {
      const waitMs = Math.max(0, deadline - Date.now());
      const waiter: Waiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiters.delete(waiter);
          const cause = this.lastError ? ` (last error: ${this.lastError.message})` : '';
          reject(new BrokerUnavailableError(queue, `not connected to RabbitMQ within ${budgetMs} ms${cause}`));
        }, waitMs),
      };
      this.waiters.add(waiter);
    });
  }

  private async connectOnce(): Promise<void> {
    if (this.closed) return;
    const { url, connectionName, prefetch, logger } = this.options;
    let session: Session | undefined;
    let connection: ChannelModel | undefined;
    try {
      // amqplib leaves Nagle on, which alone turns a sub-millisecond round trip into tens of milliseconds.
      connection = await connect(url, { noDelay: true, timeout: CONNECT_ATTEMPT_TIMEOUT_MS, clientProperties: { connection_name: connectionName } });
      connection.on('error', (error: Error) => logger.warn({ err: error }, 'RabbitMQ connection error'));
      // A resource alarm makes RabbitMQ stop reading publishes; sends then wait for their confirms.
      connection.on('blocked', (reason: string) => logger.warn({ reason }, 'RabbitMQ blocked this connection'));
      connection.on('unblocked', () => logger.info('RabbitMQ unblocked this connection'));
      if (!coalesceSocketWrites(connection)) logger.debug('amqplib socket not found; frames are written one by one');
      session = await Session.create(this.nextId++, connection, prefetch, logger);
      await this.options.setUp(session);
      if (!session.isOpen()) throw new Error('connection closed while setting up');
    } catch (error) {
      this.lastError = error instanceof Error ? error : new Error(String(error));
      logger.warn({ err: this.lastError, attempt: this.attempt }, 'RabbitMQ connection attempt failed');
      if (session) await session.close('set-up failed');
      else await connection?.close().catch(() => undefined);
      this.scheduleReconnect();
      return;
    }
    if (this.closed) {
      await session.close('broker closed');
      return;
    }
    this.attempt = 0;
    this.current = session;
    logger.info({ session: session.id }, 'connected to RabbitMQ');
    for (const waiter of this.waiters) {
      clearTimeout(waiter.timer);
      waiter.resolve(session);
    }
    this.waiters.clear();
    const opened = session;
    void opened.lost.then(() => this.handleLost(opened));
  }

  private handleLost(session: Session): void {
    if (this.current !== session) return;
    this.current = undefined;
    this.lastError = new Error('connection lost');
    if (this.closed) return;
    this.options.logger.warn({ session: session.id }, 'RabbitMQ connection lost; reconnecting');
    this.options.onLost(session);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed) return;
    const { reconnectInitialDelayMs, reconnectMaxDelayMs } = this.options;
    const base = Math.min(reconnectMaxDelayMs, reconnectInitialDelayMs * 2 ** this.attempt);
    const delay = base * (0.8 + Math.random() * 0.4);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => void this.connectOnce(), delay);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    for (const waiter of this.waiters) {
      clearTimeout(waiter.timer);
      waiter.reject(new BrokerClosedError());
    }
    this.waiters.clear();
    const session = this.current;
    this.current = undefined;
    await session?.close('broker closed');
  }
}
