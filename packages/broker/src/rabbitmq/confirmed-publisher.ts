import { BrokerError } from '../errors.js';
import type { Session } from './session.js';

export const CONTENT_TYPE = 'application/json';

/** The session died before RabbitMQ confirmed; the message may or may not be held, so it is sent again. */
export class SessionLostError extends Error {
  override name = 'SessionLostError';
}

/** RabbitMQ had no queue to route the message to (someone deleted it after we declared it). */
class QueueMissingError extends Error {
  override name = 'QueueMissingError';
}

function isNack(error: unknown): boolean {
  return error instanceof Error && error.message === 'message nacked';
}

/**
 * Publishes a persistent message on the session's confirm channel and resolves once RabbitMQ holds it.
 * Many of these may be outstanding at once; RabbitMQ confirms them in batches.
 */
export async function publishConfirmed(session: Session, queue: string, body: Buffer, headers?: Record<string, unknown>): Promise<void> {
  await session.writable();
  if (!session.isOpen()) throw new SessionLostError('session lost before publishing');
  await new Promise<void>((resolve, reject) => {
    const messageId = session.nextMessageId();
    const settle = (error: unknown): void => {
      if (!error) {
        if (session.takeReturned(messageId)) reject(new QueueMissingError(`queue "${queue}" does not exist`));
        else resolve();
      }
      // amqplib fails outstanding confirms with 'channel closed' before the channel's close listeners run.
      else if (isNack(error) && session.isOpen()) reject(new BrokerError(`RabbitMQ did not accept the message for queue "${queue}" (nack)`));
      else reject(new SessionLostError('session lost before the confirm'));
    };
    try {
      const fits = session.publishChannel.sendToQueue(queue, body, { persistent: true, contentType: CONTENT_TYPE, headers, mandatory: true, messageId }, settle);
      if (!fits) session.noteBackpressure();
    } catch {
      reject(new SessionLostError('publish channel closed'));
    }
  });
}

/**
 * Declares `queue` and publishes to it; a message returned because the queue was deleted meanwhile is sent
 * again after declaring the queue anew, so a resolved publish always sits in a queue.
 */
export async function publishToDeclaredQueue(session: Session, queue: string, body: Buffer, headers?: Record<string, unknown>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await session.ensureQueue(queue);
    try {
      await publishConfirmed(session, queue, body, headers);
      return;
    } catch (error) {
      if (!(error instanceof QueueMissingError)) throw error;
      if (attempt >= 3) throw new BrokerError(`Queue "${queue}" keeps disappearing; message not sent`, { cause: error });
      session.forgetQueue(queue);
    }
  }
}

/** Sends through whichever session is open, again after a reconnect if the first one died unconfirmed. */
export async function publishUntilConfirmed(
  openSession: () => Promise<Session>,
  queue: string,
  body: Buffer,
  headers?: Record<string, unknown>,
): Promise<void> {
  for (;;) {
    const session = await openSession();
    try {
      await publishToDeclaredQueue(session, queue, body, headers);
      return;
    } catch (error) {
      if (error instanceof SessionLostError) await session.close(error.message);
      if (session.isOpen()) {
        if (error instanceof BrokerError) throw error;
        throw new BrokerError(`RabbitMQ refused queue "${queue}": ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
    }
  }
}
