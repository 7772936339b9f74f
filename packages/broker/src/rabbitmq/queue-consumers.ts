import { contextFrom, withSpan } from '@lattice/contracts/tracing';
import type { ConsumeMessage } from 'amqplib';
import { delay, settleWithin, type ConsumerPolicy } from '../consumer-policy.js';
import { BrokerError, UnprocessableMessageError } from '../errors.js';
import type { PlainHandler, QueueName, RPCHandler } from '../message-broker.js';
import { deadLetterQueueName } from '../queue-name.js';
import { decodeMessage, encodeReply, errorReply, REQUEST_ID_HEADER, type DecodedMessage } from '../wire-format.js';
import { CONTENT_TYPE, publishToDeclaredQueue, SessionLostError } from './confirmed-publisher.js';
import type { Session } from './session.js';

/** Headers a retried or dead-lettered message carries; the body is never changed. */
export const ATTEMPT_HEADER = 'x-lattice-attempt';
export const ERROR_HEADER = 'x-lattice-error';
export const SOURCE_QUEUE_HEADER = 'x-lattice-queue';

type Registration = { queue: QueueName; sessionId?: number; consumerTag?: string } & (
  | { kind: 'plain'; handler: PlainHandler }
  | { kind: 'rpc'; handler: RPCHandler }
);

function attemptOf(message: ConsumeMessage): number {
  const value: unknown = message.properties.headers?.[ATTEMPT_HEADER];
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : 1;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Every consumer the broker has, attached again to each new session, and the handling of their deliveries. */
export class QueueConsumers {
  private readonly registrations: Registration[] = [];
  private readonly running = new Set<Promise<void>>();
  private stopping = false;

  constructor(private readonly policy: ConsumerPolicy) {}

  async add(registration: Registration, openSession: () => Promise<Session>): Promise<void> {
    this.registrations.push(registration);
    for (;;) {
      let session: Session | undefined;
      try {
        session = await openSession();
        await this.attach(session, registration);
        return;
      } catch (error) {
        // A session lost meanwhile is not a failure: the next session's set-up attaches this consumer too.
        if (session && !session.isOpen()) continue;
        this.registrations.splice(this.registrations.indexOf(registration), 1);
        if (error instanceof BrokerError) throw error;
        throw new BrokerError(`Cannot consume queue "${registration.queue}": ${messageOf(error)}`, { cause: error });
      }
    }
  }

  async attachAll(session: Session): Promise<void> {
    for (const registration of this.registrations) await this.attach(session, registration);
  }

  private async attach(session: Session, registration: Registration): Promise<void> {
    if (registration.sessionId === session.id) return;
    registration.sessionId = session.id;
    try {
      await session.ensureQueue(registration.queue);
      if (registration.kind === 'plain') await session.ensureQueue(deadLetterQueueName(registration.queue));
      const { consumerTag } = await session.consumeChannel.consume(registration.queue, (message) => this.onMessage(session, registration, message), {
        noAck: false,
      });
      registration.consumerTag = consumerTag;
    } catch (error) {
      if (registration.sessionId === session.id) registration.sessionId = undefined;
      throw error;
    }
  }

  private onMessage(session: Session, registration: Registration, message: ConsumeMessage | null): void {
    if (!message) {
      // RabbitMQ cancels a consumer whose queue was deleted; declaring it again keeps the consumer alive.
      registration.sessionId = undefined;
      session.forgetQueue(registration.queue);
      this.policy.logger.warn({ queue: registration.queue }, 'consumer cancelled by RabbitMQ; attaching again');
      this.attach(session, registration).catch((error: unknown) => void session.close(`cannot re-attach consumer: ${messageOf(error)}`));
      return;
    }
    const handling = registration.kind === 'plain' ? this.handlePlain(session, registration.queue, registration.handler, message) : this.handleRpc(session, registration.queue, registration.handler, message);
    const run = handling
      .catch((error: unknown) => this.policy.logger.error({ queue: registration.queue, err: error }, 'message handling failed'))
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  private async handlePlain(session: Session, queue: QueueName, handler: PlainHandler, message: ConsumeMessage): Promise<void> {
    const attempt = attemptOf(message);
    let decoded: DecodedMessage;
    try {
      decoded = decodeMessage(queue, message.content.toString('utf8'), message.properties.headers?.[REQUEST_ID_HEADER]);
    } catch (error) {
      await this.republish(session, queue, deadLetterQueueName(queue), message, attempt, error);
      return;
    }
    try {
      await withSpan(`process ${queue}`, 'consumer', messagingAttributes(queue), async () => handler(decoded.data, decoded.meta), contextFrom(message.properties.headers));
    } catch (error) {
      if (error instanceof UnprocessableMessageError) {
        this.policy.logger.error({ queue, attempt, err: error }, 'handler refused the message; dead-lettered');
        await this.republish(session, queue, deadLetterQueueName(queue), message, attempt, error);
      } else if (attempt >= this.policy.maxAttempts) {
        this.policy.logger.error({ queue, attempt, err: error }, 'handler kept failing; message dead-lettered');
        await this.republish(session, queue, deadLetterQueueName(queue), message, attempt, error);
      } else {
        this.policy.logger.warn({ queue, attempt, err: error }, 'handler failed; message will be retried');
        await delay(this.policy.retryDelayMs * attempt);
        await this.republish(session, queue, queue, message, attempt + 1, error);
      }
      return;
    }
    this.ack(session, message);
  }

  /**
   * Publishes a copy (to the queue's tail for a retry, or to `<queue>:dead`) and acks the original only once
   * RabbitMQ confirms the copy, so a failing message is never lost; if the session dies first, the original
   * is redelivered instead.
   */
  private async republish(session: Session, queue: QueueName, target: string, message: ConsumeMessage, attempt: number, error: unknown): Promise<void> {
    if (this.stopping || !session.isOpen()) return;
    const headers = { ...message.properties.headers, [ATTEMPT_HEADER]: attempt, [ERROR_HEADER]: messageOf(error), [SOURCE_QUEUE_HEADER]: queue };
    try {
      await publishToDeclaredQueue(session, target, message.content, headers);
    } catch (publishError) {
      if (publishError instanceof SessionLostError) return;
      this.policy.logger.error({ queue, target, err: publishError }, 'could not republish a failed message; requeueing it');
      if (session.isOpen()) session.consumeChannel.nack(message, false, true);
      return;
    }
    this.ack(session, message);
  }

  private async handleRpc(session: Session, queue: QueueName, handler: RPCHandler, message: ConsumeMessage): Promise<void> {
    let reply: string;
    try {
      const decoded = decodeMessage(queue, message.content.toString('utf8'), message.properties.headers?.[REQUEST_ID_HEADER]);
      const data = await withSpan(`process ${queue}`, 'consumer', messagingAttributes(queue), async () => handler(decoded.data, decoded.meta), contextFrom(message.properties.headers));
      reply = encodeReply({ status: 'success', data });
    } catch (error) {
      reply = encodeReply(errorReply(error));
    }
    const { replyTo, correlationId } = message.properties as { replyTo?: unknown; correlationId?: unknown };
    if (!session.isOpen()) return;
    if (typeof replyTo === 'string' && replyTo !== '') {
      try {
        session.consumeChannel.sendToQueue(replyTo, Buffer.from(reply), { correlationId: correlationId === undefined ? undefined : String(correlationId), contentType: CONTENT_TYPE });
      } catch {
        return;
      }
    } else {
      this.policy.logger.warn({ queue }, 'RPC request without replyTo; reply dropped');
    }
    this.ack(session, message);
  }

  private ack(session: Session, message: ConsumeMessage): void {
    if (!session.isOpen()) return;
    try {
      session.consumeChannel.ack(message);
    } catch {
      // The channel closed meanwhile; RabbitMQ redelivers the message to the next session.
    }
  }

  /** Stops taking deliveries and waits (bounded) for the handlers still running. */
  async stop(session: Session | undefined): Promise<void> {
    this.stopping = true;
    if (session) {
      for (const registration of this.registrations) {
        if (registration.sessionId === session.id && registration.consumerTag) {
          await session.consumeChannel.cancel(registration.consumerTag).catch(() => undefined);
        }
      }
    }
    await settleWithin(this.running, this.policy.closeTimeoutMs);
  }
}

/** A message's span: the sender's trace, continued from the `traceparent` in its AMQP headers. */
const messagingAttributes = (queue: QueueName) => ({ 'messaging.system': 'rabbitmq', 'messaging.destination.name': queue, 'messaging.operation.type': 'process' });
