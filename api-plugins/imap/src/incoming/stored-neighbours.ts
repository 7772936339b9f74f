import type { QueryFilter } from 'mongoose';
import type { MessageFields } from '../models/message.js';
import type { IncomingMessage } from './incoming-message.js';

export interface StoredNeighbours {
  /** SPEC.md rule 1: a message with this messageId is stored already. */
  duplicate: boolean;
  /** SPEC.md rule 4: the earliest stored message of the same thread, if any. */
  related: { inboxConversationId: string } | undefined;
}

/** What the lookup reads of a stored message. */
export type StoredNeighbour = Pick<MessageFields, 'messageId' | 'inboxConversationId' | 'inboxIntegrationId' | 'references'>;

function threadIds(message: IncomingMessage) {
  const answered = [message.inReplyTo, ...message.references].filter((id): id is string => Boolean(id));
  return {
    /** Stored messages with one of these messageIds are the message itself or messages it answers. */
    named: new Set([message.messageId, ...answered]),
    /** Stored messages whose references hold one of these answer the message (or what it answers). */
    own: new Set([message.messageId, message.inReplyTo].filter((id): id is string => Boolean(id))),
  };
}

/**
 * Rules 1 and 4 as one filter. A stored message is related when its messageId is the new message's
 * inReplyTo or one of its references, or when its own references hold the new messageId or inReplyTo
 * (a reply that arrived before the message it answers); one whose messageId is the new one is a duplicate.
 * Each branch names the integration itself, so each can use its own index.
 */
export function neighbourFilter(inboxIntegrationId: string, message: IncomingMessage): { $or: QueryFilter<MessageFields>[] } {
  const { named, own } = threadIds(message);
  return {
    $or: [
      { messageId: { $in: [...named] }, inboxIntegrationId },
      { references: { $in: [...own] }, inboxIntegrationId },
    ],
  };
}

/** The neighbours of one message among stored messages (sorted oldest first) that several lookups shared. */
export function pickNeighbours(stored: readonly StoredNeighbour[], inboxIntegrationId: string, message: IncomingMessage): StoredNeighbours {
  const { named, own } = threadIds(message);
  const mine = stored.filter(
    (entry) =>
      entry.inboxIntegrationId === inboxIntegrationId &&
      (named.has(entry.messageId) || (entry.references ?? []).some((id) => own.has(id))),
  );
  return {
    duplicate: mine.some((entry) => entry.messageId === message.messageId),
    related: mine.find((entry) => entry.messageId !== message.messageId),
  };
}
