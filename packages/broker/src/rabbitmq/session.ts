import type { Channel, ChannelModel, ConfirmChannel, Message } from 'amqplib';
import type { BrokerLogger } from '../logger.js';

/** Options every queue is declared with, by senders and consumers alike, so the declarations never clash. */
const QUEUE_OPTIONS = { durable: true } as const;

const PRECONDITION_FAILED = 406;

function amqpCode(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'number') return error.code;
  return undefined;
}

/**
 * One live AMQP connection and its channels, one per purpose: confirmed publishing, consuming (and
 * replying), RPC requests and their replies, and queue declarations. A session never recovers: when any
 * of its channels dies the whole session is closed and the supervisor opens a new one.
 */
export class Session {
  private open = true;
  private readonly declared = new Map<string, Promise<void>>();
  private readonly returned = new Set<string>();
  private messageSequence = 0;
  private declareChannel: Promise<Channel> | undefined;
  private drained: Promise<void> | undefined;
  readonly lost: Promise<void>;
  private markLost!: () => void;

  private constructor(
    readonly id: number,
    readonly connection: ChannelModel,
    readonly publishChannel: ConfirmChannel,
    readonly consumeChannel: Channel,
    readonly rpcChannel: Channel,
    private readonly logger: BrokerLogger,
  ) {
    this.lost = new Promise((resolve) => {
      this.markLost = resolve;
    });
    publishChannel.on('drain', () => {
      this.drained = undefined;
    });
    // RabbitMQ sends basic.return before the confirm of the same message, so the confirm can look it up.
    publishChannel.on('return', (message: Message) => {
      this.returned.add(String(message.properties.messageId));
    });
  }

  static async create(id: number, connection: ChannelModel, prefetch: number, logger: BrokerLogger): Promise<Session> {
    const publishChannel = await connection.createConfirmChannel();
    const consumeChannel = await connection.createChannel();
    await consumeChannel.prefetch(prefetch, false);
    const rpcChannel = await connection.createChannel();
    const session = new Session(id, connection, publishChannel, consumeChannel, rpcChannel, logger);
    connection.on('close', () => session.end());
    for (const [name, channel] of [['publish', publishChannel], ['consume', consumeChannel], ['rpc', rpcChannel]] as const) {
      channel.on('error', (error: Error) => logger.warn({ channel: name, err: error }, 'RabbitMQ channel error'));
      channel.on('close', () => {
        if (session.open) void session.close(`${name} channel closed`);
      });
    }
    return session;
  }

  isOpen(): boolean {
    return this.open;
  }

  private end(): void {
    if (!this.open) return;
    this.open = false;
    this.markLost();
  }

  async close(reason: string): Promise<void> {
    if (!this.open) return;
    this.logger.info({ session: this.id, reason }, 'closing RabbitMQ session');
    this.end();
    await this.connection.close().catch(() => undefined);
  }

  /** An id for a confirmed publish, unique in this session. */
  nextMessageId(): string {
    this.messageSequence += 1;
    return `m${this.messageSequence}`;
  }

  /** Whether RabbitMQ returned the message as unroutable (its queue is gone); forgets it either way. */
  takeReturned(messageId: string): boolean {
    return this.returned.delete(messageId);
  }

  /** Makes the next ensureQueue declare `queue` again. */
  forgetQueue(queue: string): void {
    this.declared.delete(queue);
  }

  /** Declares `queue` once per session; a queue someone declared with other arguments is used as it is. */
  ensureQueue(queue: string): Promise<void> {
    let declaration = this.declared.get(queue);
    if (!declaration) {
      declaration = this.declare(queue);
      this.declared.set(queue, declaration);
      declaration.catch(() => this.declared.delete(queue));
    }
    return declaration;
  }

  private async declare(queue: string): Promise<void> {
    try {
      await (await this.channelForDeclaring()).assertQueue(queue, QUEUE_OPTIONS);
    } catch (error) {
      this.declareChannel = undefined;
      if (amqpCode(error) !== PRECONDITION_FAILED) throw error;
      await (await this.channelForDeclaring()).checkQueue(queue);
    }
  }

  // A failed declaration closes its channel, so it gets one of its own that is replaced after each failure.
  private channelForDeclaring(): Promise<Channel> {
    if (!this.declareChannel) {
      const channel = this.connection.createChannel();
      channel
        .then((ch) => {
          ch.on('error', () => undefined);
          ch.on('close', () => {
            if (this.declareChannel === channel) this.declareChannel = undefined;
          });
        })
        .catch(() => undefined);
      this.declareChannel = channel;
    }
    return this.declareChannel;
  }

  /** Resolves when the publish channel may take more; keeps a burst of sends from buffering without bound. */
  writable(): Promise<void> {
    return this.drained ?? Promise.resolve();
  }

  noteBackpressure(): void {
    this.drained ??= new Promise((resolve) => {
      const settle = (): void => resolve();
      this.publishChannel.once('drain', settle);
      void this.lost.then(settle);
    });
  }
}
