import { randomBytes } from 'node:crypto';
import type { Channel, ConsumeMessage } from 'amqplib';
import { BrokerClosedError, BrokerConnectionLostError, BrokerReplyError, BrokerTimeoutError } from '../errors.js';
import type { BrokerLogger } from '../logger.js';
import type { QueueName } from '../message-broker.js';
import { decodeReply } from '../wire-format.js';
import { CONTENT_TYPE, SessionLostError } from './confirmed-publisher.js';
import type { Session } from './session.js';

/**
 * `reply-queue` (default): one exclusive, server-named reply queue per connection, replies acked.
 * `direct-reply-to`: RabbitMQ's `amq.rabbitmq.reply-to` pseudo-queue, kept for comparison in the benchmark.
 */
export type RpcReplyMode = 'reply-queue' | 'direct-reply-to';

const DIRECT_REPLY_TO = 'amq.rabbitmq.reply-to';

interface PendingCall {
  queue: QueueName;
  sessionId: number;
  timer: NodeJS.Timeout;
  resolve: (data: unknown) => void;
  reject: (error: Error) => void;
}

/** Sends RPC requests and matches replies to callers by correlation id. */
export class RpcClient {
  private readonly pending = new Map<string, PendingCall>();
  private readonly replyQueues = new Map<number, string>();
  private readonly idPrefix = randomBytes(6).toString('hex');
  private sequence = 0;

  constructor(
    private readonly mode: RpcReplyMode,
    private readonly logger: BrokerLogger,
  ) {}

  async setUp(session: Session): Promise<void> {
    const channel = session.rpcChannel;
    if (this.mode === 'direct-reply-to') {
      await channel.consume(DIRECT_REPLY_TO, (message) => this.onReply(session, channel, message, false), { noAck: true });
      this.replyQueues.set(session.id, DIRECT_REPLY_TO);
    } else {
      const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true, durable: false });
      await channel.consume(queue, (message) => this.onReply(session, channel, message, false), { noAck: true });
      this.replyQueues.set(session.id, queue);
    }
  }

  private onReply(session: Session, channel: Channel, message: ConsumeMessage | null, ack: boolean): void {
    if (!message) {
      // The server cancelled the reply consumer (its queue was deleted): no reply can arrive any more.
      void session.close('reply consumer cancelled by RabbitMQ');
      return;
    }
    if (ack) channel.ack(message);
    const correlationId = String(message.properties.correlationId);
    const call = this.pending.get(correlationId);
    if (!call) {
      this.logger.debug({ correlationId }, 'reply for an RPC that is no longer waiting');
      return;
    }
    this.pending.delete(correlationId);
    clearTimeout(call.timer);
    try {
      const reply = decodeReply(call.queue, message.content.toString('utf8'));
      if (reply.status === 'success') call.resolve(reply.data);
      else call.reject(new BrokerReplyError(call.queue, reply.errorMessage));
    } catch (error) {
      call.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /**
   * Publishes the request on `session` and waits for its reply until `deadline` (epoch ms). Fails with
   * SessionLostError when the request could not even be published, so the caller may send it on the next session.
   */
  call(session: Session, queue: QueueName, body: Buffer, timeoutMs: number, deadline: number, headers?: Record<string, unknown>): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const remaining = Math.ceil(deadline - Date.now());
      const replyTo = this.replyQueues.get(session.id);
      if (remaining <= 0) return reject(new BrokerTimeoutError(queue, timeoutMs));
      if (!replyTo || !session.isOpen()) return reject(new SessionLostError('session lost before publishing'));
      this.sequence += 1;
      const correlationId = `${this.idPrefix}.${this.sequence}`;
      const timer = setTimeout(() => {
        this.pending.delete(correlationId);
        reject(new BrokerTimeoutError(queue, timeoutMs));
      }, remaining);
      this.pending.set(correlationId, { queue, sessionId: session.id, timer, resolve, reject });
      try {
        // The request expires with the caller's patience, so nobody handles it after the caller gave up.
        session.rpcChannel.sendToQueue(queue, body, { correlationId, replyTo, contentType: CONTENT_TYPE, expiration: String(remaining), headers });
      } catch {
        this.pending.delete(correlationId);
        clearTimeout(timer);
        reject(new SessionLostError('RPC channel closed'));
      }
    });
  }

  /** Fails every call waiting on `session`: its replies can no longer arrive. */
  sessionLost(session: Session): void {
    this.replyQueues.delete(session.id);
    this.failWhere((call) => call.sessionId === session.id, (call) => new BrokerConnectionLostError(call.queue));
  }

  closeAll(): void {
    this.replyQueues.clear();
    this.failWhere(() => true, (call) => new BrokerClosedError(call.queue));
  }

  private failWhere(matches: (call: PendingCall) => boolean, errorFor: (call: PendingCall) => Error): void {
    for (const [id, call] of this.pending) {
      if (!matches(call)) continue;
      this.pending.delete(id);
      clearTimeout(call.timer);
      call.reject(errorFor(call));
    }
  }
}
