import type { ConversationPayload } from '@lattice/contracts';
import type { InsertRecord } from '@lattice/plugin-sdk';
import { Types } from 'mongoose';
import type { ConversationFields, ConversationModel } from '../models/conversation.js';
import type { ConversationRecord } from '../models/records.js';

export interface ConversationWrites {
  Conversation: ConversationModel;
  /** New conversations of messages that arrive together share one insert. */
  insertConversation: InsertRecord<ConversationFields>;
}

/**
 * SPEC.md `create-or-update-conversation`: a message for a known conversation of the integration updates its
 * latest content and time; otherwise a new open conversation is created.
 */
export async function fileConversation(
  { Conversation, insertConversation }: ConversationWrites,
  payload: ConversationPayload,
): Promise<ConversationRecord> {
  const at = new Date(payload.createdAt);
  if (payload.conversationId) {
    const updated = await Conversation.findOneAndUpdate(
      { _id: new Types.ObjectId(payload.conversationId), integrationId: payload.integrationId },
      { $set: { content: payload.content }, $max: { updatedAt: at } },
      { returnDocument: 'after' },
    ).lean<ConversationRecord>();
    if (updated) return updated;
  }
  return insertConversation({
    integrationId: payload.integrationId,
    customerId: payload.customerId,
    content: payload.content,
    status: 'open',
    createdAt: at,
    updatedAt: at,
  });
}
