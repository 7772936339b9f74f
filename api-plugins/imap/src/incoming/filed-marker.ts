import DataLoader from 'dataloader';
import { Types, type mongo } from 'mongoose';
import type { MessageModel } from '../models/message.js';

export interface FiledMark {
  messageId: mongo.ObjectId;
  inboxConversationId: string;
}

/** Marks the message filed; false when another delivery (or the sweep) marked it first. */
export type MarkFiled = (mark: FiledMark) => Promise<boolean>;

/**
 * Every received message is marked filed once the inbox filed it; the marks of one turn of the event loop
 * share one unordered bulk write instead of an update each (ingest runs at a thousand messages a second).
 * Each caller must still learn whether its own write marked the message, since only that delivery announces
 * it. A bulk write's total tells that only when every update matched (the usual case); otherwise the batch
 * reads back which messages carry its own `filedBy`.
 */
export function createFiledMarker(Message: MessageModel): MarkFiled {
  const loader = new DataLoader<FiledMark, boolean>(
    async (marks) => {
      const batch = new Types.ObjectId();
      const { modifiedCount } = await Message.collection.bulkWrite(
        marks.map(({ messageId, inboxConversationId }) => ({
          updateOne: {
            filter: { _id: messageId, unfiledSince: { $exists: true } },
            update: { $set: { inboxConversationId, filedBy: batch }, $unset: { unfiledSince: 1 } },
          },
        })),
        { ordered: false },
      );
      if (modifiedCount === marks.length) return marks.map(() => true);
      const marked = await Message.collection
        .find({ _id: { $in: marks.map(({ messageId }) => messageId) }, filedBy: batch }, { projection: { _id: 1 } })
        .toArray();
      const unclaimed = new Set(marked.map(({ _id }) => String(_id)));
      // The same message twice in one batch: only its first mark was the write that matched.
      return marks.map(({ messageId }) => unclaimed.delete(String(messageId)));
    },
    { cache: false, batchScheduleFn: (dispatch) => setImmediate(dispatch) },
  );
  return (mark) => loader.load(mark);
}
