import DataLoader from 'dataloader';
import { Types } from 'mongoose';
import { pushSearchText, type ConversationModel } from '../models/conversation.js';
import type { ConversationRecord } from '../models/records.js';

export interface ConversationUpdate {
  conversationId: string;
  integrationId: string;
  content: string;
  searchText?: string;
  receiveKey?: string;
  at: Date;
}

/** Updates a conversation of the integration and answers it as stored; null when it has no such conversation. */
export type UpdateConversation = (update: ConversationUpdate) => Promise<ConversationRecord | null>;

/**
 * Replies to known conversations arrive as often as new mail. The updates asked for in one turn of the event
 * loop are one ordered bulk write (so two replies to one conversation keep their order) and one read of the
 * results, instead of a `findOneAndUpdate` each.
 */
export function createConversationUpdater(Conversation: ConversationModel): UpdateConversation {
  const loader = new DataLoader<ConversationUpdate, ConversationRecord | null>(
    async (updates) => {
      const ids = updates.map((update) => new Types.ObjectId(update.conversationId));
      await Conversation.collection.bulkWrite(
        updates.map((update, index) => ({
          updateOne: {
            // A repeated request (its key already kept) changes nothing: the read below answers the conversation.
            filter: { _id: ids[index]!, integrationId: update.integrationId, ...(update.receiveKey ? { receiveKeys: { $ne: update.receiveKey } } : {}) },
            update: {
              $set: { content: update.content },
              $max: { updatedAt: update.at },
              $inc: { messagesIn: 1 },
              ...pushSearchText(update.searchText, update.receiveKey),
            },
          },
        })),
        { ordered: true },
      );
      const stored = await Conversation.collection.find({ _id: { $in: ids } }).toArray();
      const byId = new Map(stored.map((conversation) => [String(conversation._id), conversation as unknown as ConversationRecord]));
      return updates.map((update) => {
        const conversation = byId.get(update.conversationId.toLowerCase());
        return conversation?.integrationId === update.integrationId ? conversation : null;
      });
    },
    // setImmediate: the RPCs read in one poll of the socket run in separate callbacks and still share the write.
    { cache: false, batchScheduleFn: (dispatch) => setImmediate(dispatch) },
  );
  return (update) => loader.load(update);
}
