import type { ConversationPayload } from '@lattice/contracts';
import { Types } from 'mongoose';
import type { InboxModels } from '../models/load-models.js';
import type { ConversationRecord } from '../models/records.js';

/**
 * SPEC.md `create-or-update-conversation`: a message for a known conversation updates its latest content
 * and time; otherwise a new open conversation is created.
 */
export async function fileConversation(models: InboxModels, payload: ConversationPayload): Promise<ConversationRecord> {
  const at = new Date(payload.createdAt);
  if (payload.conversationId) {
    // Looked up by _id alone and checked after: a filter on integrationId as well would make the embedded
    // server gather every conversation of the integration through its index first.
    const _id = new Types.ObjectId(payload.conversationId);
    const existing = await models.Conversation.findById(_id, { integrationId: 1 }).lean<{ integrationId: string }>();
    if (existing?.integrationId === payload.integrationId) {
      const updated = await models.Conversation.findByIdAndUpdate(
        _id,
        { $set: { content: payload.content }, $max: { updatedAt: at } },
        { returnDocument: 'after' },
      ).lean<ConversationRecord>();
      if (updated) return updated;
    }
  }
  const created = await models.Conversation.create({
    integrationId: payload.integrationId,
    customerId: payload.customerId,
    content: payload.content,
    status: 'open',
    createdAt: at,
    updatedAt: at,
  });
  return created.toObject();
}
