import { InputError } from '@lattice/plugin-sdk';
import { mongo } from 'mongoose';
import type { IncomingMessage } from './incoming-message.js';

/** MongoDB's largest document; a Message is one. */
const maxDocumentBytes = 16 * 1024 * 1024;
/** Room for what the flow adds to a message when it stores it (its ids and dates). */
const storedFieldsBytes = 16 * 1024;

/**
 * Refuses, before anything is stored for it, a message too large to be stored at all: otherwise the customer
 * and the conversation would be created, and only the Message insert would fail, on every delivery.
 */
export function assertStorable(message: IncomingMessage): void {
  const bytes = mongo.BSON.calculateObjectSize(message);
  if (bytes + storedFieldsBytes > maxDocumentBytes) {
    const megabytes = (size: number) => (size / 1024 / 1024).toFixed(1);
    throw new InputError(`The message is too large to store: ${megabytes(bytes)} MB, at most ${megabytes(maxDocumentBytes - storedFieldsBytes)} MB`);
  }
}
