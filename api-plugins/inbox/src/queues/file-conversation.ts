import type { ConversationPayload } from '@lattice/contracts';
import { ForbiddenError, isDuplicateKeyError } from '@lattice/plugin-sdk';
import { Types } from 'mongoose';
import { searchTextLength, type ConversationFields } from '../models/conversation.js';
import type { ConversationRecord } from '../models/records.js';
import type { UpdateConversation } from './conversation-updater.js';

/** A new conversation, with the `_id` the integration chose for it when it named one. */
export type NewConversation = ConversationFields & { _id?: Types.ObjectId };

export interface ConversationWrites {
  /** Messages for known conversations that arrive together share one write. */
  updateConversation: UpdateConversation;
  /** New conversations of messages that arrive together share one insert. */
  insertConversation: (conversation: NewConversation) => Promise<ConversationRecord>;
  /** The conversation of the integration that a request with this receive key already filed. */
  findFiled: (integrationId: string, receiveKey: string) => Promise<ConversationRecord | null>;
  /** Which integration a conversation id belongs to, if any. */
  findOwner: (conversationId: string) => Promise<string | null>;
}

/**
 * SPEC.md `create-or-update-conversation`: a message for a known conversation of the integration updates its
 * latest content and time; otherwise a new open conversation is created, with the `conversationId` asked for
 * when there is one. That is how an integration stores its message first and files it afterwards (imap
 * README, "whole or nothing"): it picks the id, keeps it on its message, and the conversation appears only
 * when filed. An id that belongs to another integration is refused, never taken over. With a `receiveKey`, a
 * request filed before (its answer lost on the way back, or redelivered by the broker) answers that
 * conversation and changes nothing: the key is kept on the conversation, under a unique index. With
 * `startsConversation` the insert is tried first (a new thread's first message, one write instead of two); when
 * the id or the key is taken it goes on as below.
 */
export async function fileConversation(writes: ConversationWrites, payload: ConversationPayload): Promise<ConversationRecord> {
  const at = new Date(payload.createdAt);
  const { conversationId, receiveKey } = payload;
  const update = () =>
    writes.updateConversation({
      conversationId: conversationId!,
      integrationId: payload.integrationId,
      content: payload.content,
      searchText: payload.searchText,
      receiveKey,
      at,
    });
  if (conversationId && !payload.startsConversation) {
    const updated = await update();
    if (updated) return updated;
  }
  try {
    return await writes.insertConversation({
      ...(conversationId ? { _id: new Types.ObjectId(conversationId) } : {}),
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
    if (!isDuplicateKeyError(error)) throw error;
    const filed = receiveKey ? await writes.findFiled(payload.integrationId, receiveKey) : null;
    if (filed) return filed;
    if (!conversationId) throw error;
    // Created meanwhile by another message of the same new thread: this one is filed into it.
    const concurrent = await update();
    if (concurrent) return concurrent;
    const owner = await writes.findOwner(conversationId);
    if (owner !== null && owner !== payload.integrationId) {
      throw new ForbiddenError(`Conversation ${conversationId} belongs to another integration`);
    }
    throw error;
  }
}
