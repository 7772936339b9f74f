import type { ConversationPayload } from '@lattice/contracts';
import { isDuplicateKeyError, type InsertRecord } from '@lattice/plugin-sdk';
import { searchTextLength, type ConversationFields } from '../models/conversation.js';
import type { ConversationRecord } from '../models/records.js';
import type { UpdateConversation } from './conversation-updater.js';

export interface ConversationWrites {
  /** Messages for known conversations that arrive together share one write. */
  updateConversation: UpdateConversation;
  /** New conversations of messages that arrive together share one insert. */
  insertConversation: InsertRecord<ConversationFields>;
  /** The conversation of the integration that a request with this receive key already filed. */
  findFiled: (integrationId: string, receiveKey: string) => Promise<ConversationRecord | null>;
}

/**
 * SPEC.md `create-or-update-conversation`: a message for a known conversation of the integration updates its
 * latest content and time; otherwise a new open conversation is created. With a `receiveKey`, a request
 * filed before (its answer lost on the way back, or redelivered by the broker) answers that conversation and
 * changes nothing: the key is kept on the conversation, under a unique index.
 */
export async function fileConversation(
  { updateConversation, insertConversation, findFiled }: ConversationWrites,
  payload: ConversationPayload,
): Promise<ConversationRecord> {
  const at = new Date(payload.createdAt);
  const { receiveKey } = payload;
  if (payload.conversationId) {
    const updated = await updateConversation({
      conversationId: payload.conversationId,
      integrationId: payload.integrationId,
      content: payload.content,
      searchText: payload.searchText,
      receiveKey,
      at,
    });
    if (updated) return updated;
  }
  try {
    return await insertConversation({
      integrationId: payload.integrationId,
      customerId: payload.customerId,
      content: payload.content,
      status: 'open',
      messagesIn: 1,
      ...(payload.searchText ? { searchTexts: [payload.searchText.slice(0, searchTextLength)] } : {}),
      ...(receiveKey ? { receiveKeys: [receiveKey] } : {}),
      createdAt: at,
      updatedAt: at,
    });
  } catch (error) {
    const filed = receiveKey && isDuplicateKeyError(error) ? await findFiled(payload.integrationId, receiveKey) : null;
    if (filed) return filed;
    throw error;
  }
}
