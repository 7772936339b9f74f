import { InvalidQueueNameError } from './errors.js';
import type { QueueName } from './message-broker.js';

export const QUEUE_NAME_PATTERN = /^[a-z0-9][a-z0-9_-]*:[A-Za-z0-9_.-]+$/;

// AMQP queue names are at most 255 bytes; keep room for the `:dead` suffix.
const MAX_QUEUE_NAME_LENGTH = 250;

export function isQueueName(name: unknown): name is QueueName {
  return typeof name === 'string' && name.length <= MAX_QUEUE_NAME_LENGTH && QUEUE_NAME_PATTERN.test(name);
}

export function assertQueueName(name: unknown): asserts name is QueueName {
  if (!isQueueName(name)) throw new InvalidQueueNameError(String(name));
}

/** Where a plain message goes once its handler has failed `maxAttempts` times. */
export function deadLetterQueueName(queue: QueueName): string {
  return `${queue}:dead`;
}
