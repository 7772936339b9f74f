import type { QueueName } from './message-broker.js';

/** Base class of every error the broker throws, so callers can tell broker failures from their own. */
export class BrokerError extends Error {
  override name = 'BrokerError';
}

export class InvalidQueueNameError extends BrokerError {
  override name = 'InvalidQueueNameError';
  constructor(readonly queue: string) {
    super(`Invalid queue name ${JSON.stringify(queue)}: expected <plugin>:<action>, e.g. "document:find"`);
  }
}

export class UnserialisablePayloadError extends BrokerError {
  override name = 'UnserialisablePayloadError';
  constructor(
    readonly queue: QueueName,
    reason: string,
  ) {
    super(`Payload for queue "${queue}" cannot be sent as JSON: ${reason}`);
  }
}

export class BrokerTimeoutError extends BrokerError {
  override name = 'BrokerTimeoutError';
  constructor(
    readonly queue: QueueName,
    readonly timeoutMs: number,
  ) {
    super(`RPC to queue "${queue}" got no reply within ${timeoutMs} ms`);
  }
}

/** The consumer replied `{status:'error', errorMessage}`; `message` is exactly that errorMessage. */
export class BrokerReplyError extends BrokerError {
  override name = 'BrokerReplyError';
  constructor(
    readonly queue: QueueName,
    readonly errorMessage: string,
  ) {
    super(errorMessage);
  }
}

/** The connection dropped while an RPC waited for its reply; the request may or may not have been handled. */
export class BrokerConnectionLostError extends BrokerError {
  override name = 'BrokerConnectionLostError';
  constructor(readonly queue: QueueName) {
    super(`Connection to the message broker was lost while waiting for the reply from queue "${queue}"; the request may or may not have been handled`);
  }
}

/** No connection could be (re-)established within the time a send may wait. */
export class BrokerUnavailableError extends BrokerError {
  override name = 'BrokerUnavailableError';
  constructor(
    readonly queue: QueueName | undefined,
    reason: string,
  ) {
    super(queue === undefined ? `Message broker unavailable: ${reason}` : `Message broker unavailable for queue "${queue}": ${reason}`);
  }
}

export class BrokerClosedError extends BrokerError {
  override name = 'BrokerClosedError';
  constructor(readonly queue?: QueueName) {
    super(queue === undefined ? 'Message broker is closed' : `Message broker is closed (queue "${queue}")`);
  }
}

/** A reply or message body that is not the wire format of ARCHITECTURE.md "Broker flows". */
export class MalformedMessageError extends BrokerError {
  override name = 'MalformedMessageError';
  constructor(
    readonly queue: string,
    reason: string,
  ) {
    super(`Malformed message on queue "${queue}": ${reason}`);
  }
}

/**
 * Thrown by a plain handler for a message no retry can handle (a payload its contract refuses): the message goes
 * to `<queue>:dead` at once, kept for whoever looks, instead of being retried `maxAttempts` times first.
 */
export class UnprocessableMessageError extends BrokerError {
  override name = 'UnprocessableMessageError';
  constructor(
    readonly queue: string,
    reason: string,
  ) {
    super(`Unprocessable message on queue "${queue}": ${reason}`);
  }
}
