import type { QueryFilter } from 'mongoose';
import type { ImapModels } from '../models/load-models.js';
import type { MessageFields } from '../models/message.js';
import type { MessageRecord } from '../models/records.js';
import type { IncomingMessage } from './incoming-message.js';

/**
 * SPEC.md rule 4, both directions: a stored message is related when its messageId is the new message's
 * inReplyTo or one of its references, or when its own references hold the new messageId or inReplyTo
 * (a reply that arrived before the message it answers).
 */
export async function findRelatedMessage(
  { Message }: ImapModels,
  inboxIntegrationId: string,
  message: IncomingMessage,
): Promise<MessageRecord | null> {
  const answered = [...new Set([message.inReplyTo, ...message.references].filter((id): id is string => Boolean(id)))];
  const own = [...new Set([message.messageId, message.inReplyTo].filter((id): id is string => Boolean(id)))];
  // Each branch names the integration itself, so each can use its own index.
  const related: QueryFilter<MessageFields>[] = [{ references: { $in: own }, inboxIntegrationId }];
  if (answered.length > 0) related.unshift({ messageId: { $in: answered }, inboxIntegrationId });
  return Message.findOne({ $or: related }).sort({ createdAt: 1, _id: 1 }).lean<MessageRecord>();
}
