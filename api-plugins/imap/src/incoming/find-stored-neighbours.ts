import type { QueryFilter } from 'mongoose';
import type { ImapModels } from '../models/load-models.js';
import type { MessageFields } from '../models/message.js';
import type { IncomingMessage } from './incoming-message.js';

export interface StoredNeighbours {
  /** SPEC.md rule 1: a message with this messageId is stored already. */
  duplicate: boolean;
  /** SPEC.md rule 4: the earliest stored message of the same thread, if any. */
  related: { inboxConversationId: string } | undefined;
}

/**
 * Rules 1 and 4 in one query. A stored message is related when its messageId is the new message's
 * inReplyTo or one of its references, or when its own references hold the new messageId or inReplyTo
 * (a reply that arrived before the message it answers); one whose messageId is the new one is a duplicate.
 */
export async function findStoredNeighbours(
  { Message }: ImapModels,
  inboxIntegrationId: string,
  message: IncomingMessage,
): Promise<StoredNeighbours> {
  const answered = [message.inReplyTo, ...message.references].filter((id): id is string => Boolean(id));
  const own = [message.messageId, message.inReplyTo].filter((id): id is string => Boolean(id));
  // Each branch names the integration itself, so each can use its own index.
  const branches: QueryFilter<MessageFields>[] = [
    { messageId: { $in: [...new Set([message.messageId, ...answered])] }, inboxIntegrationId },
    { references: { $in: [...new Set(own)] }, inboxIntegrationId },
  ];
  const stored = await Message.find({ $or: branches }, { messageId: 1, inboxConversationId: 1, createdAt: 1 })
    .sort({ createdAt: 1, _id: 1 })
    .lean<Array<{ messageId: string; inboxConversationId: string }>>();
  return {
    duplicate: stored.some((entry) => entry.messageId === message.messageId),
    related: stored.find((entry) => entry.messageId !== message.messageId),
  };
}
