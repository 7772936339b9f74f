import type { ConversationPayload } from '@lattice/contracts';
import type { InsertRecord } from '@lattice/plugin-sdk';
import { searchTextLength, type ConversationFields } from '../models/conversation.js';
import type { ConversationRecord } from '../models/records.js';
import type { UpdateConversation } from './conversation-updater.js';

export interface ConversationWrites {
  /** Messages for known conversations that arrive together share one write. */
  updateConversation: UpdateConversation;
  /** New conversations of messages that arrive together share one insert. */
  insertConversation: InsertRecord<ConversationFields>;
}

/**
 * SPEC.md `create-or-update-conversation`: a message for a known conversation of the integration updates its
 * latest content and time; otherwise a new open conversation is created.
 */
export async function fileConversation(
  { updateConversation, insertConversation }: ConversationWrites,
  payload: ConversationPayload,
): Promise<ConversationRecord> {
  const at = new Date(payload.createdAt);
  if (payload.conversationId) {
    const updated = await updateConversation({
      conversationId: payload.conversationId,
      integrationId: payload.integrationId,
      content: payload.content,
      searchText: payload.searchText,
      at,
    });
    if (updated) return updated;
  }
  return insertConversation({
    integrationId: payload.integrationId,
    customerId: payload.customerId,
    content: payload.content,
    status: 'open',
    messagesIn: 1,
    ...(payload.searchText ? { searchTexts: [payload.searchText.slice(0, searchTextLength)] } : {}),
    createdAt: at,
    updatedAt: at,
  });
}
