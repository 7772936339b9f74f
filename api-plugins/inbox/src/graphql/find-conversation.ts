import { NotFoundError, parseObjectId } from '@lattice/plugin-sdk';
import { pushSearchText } from '../models/conversation.js';
import type { ConversationRecord } from '../models/records.js';
import { publishConversationChanged } from '../queues/conversation-channel.js';
import type { InboxContext } from './inbox-context.js';

export async function findConversation(context: InboxContext, id: string): Promise<ConversationRecord> {
  const conversation = await context.models.Conversation.findById(parseObjectId(id)).lean<ConversationRecord>();
  if (!conversation) throw new NotFoundError('Conversation not found');
  return conversation;
}

/**
 * A message was written in the conversation: its text and time become the conversation's latest, it counts as a
 * message out, the first one's time is the first response (the dashboard's), and everyone hears of it.
 */
export async function touchConversation(context: InboxContext, conversation: ConversationRecord, content: string, at: Date): Promise<void> {
  const updated = await context.models.Conversation.findByIdAndUpdate(
    conversation._id,
    { $set: { content: content.slice(0, 1_000) }, $max: { updatedAt: at }, $min: { firstRespondedAt: at }, $inc: { messagesOut: 1 }, ...pushSearchText(content) },
    { returnDocument: 'after' },
  ).lean<ConversationRecord>();
  if (updated) await publishConversationChanged(context.pubsubClient, updated);
}
