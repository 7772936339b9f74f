import DataLoader from 'dataloader';
import type { mongo } from 'mongoose';
import type { MessageClaimModel } from '../models/message-claim.js';

export interface ClaimConversation {
  claimId: mongo.ObjectId;
  holder: string;
  inboxConversationId: string;
}

export type RecordConversation = (record: ClaimConversation) => Promise<void>;

/**
 * Every received message records its conversation on its claim; the records of one turn of the event loop
 * share one unordered bulk write instead of an update each (ingest runs at a thousand messages a second).
 * A claim another delivery took over meanwhile (other holder) is left as that delivery wrote it.
 */
export function createConversationRecorder(MessageClaim: MessageClaimModel): RecordConversation {
  const loader = new DataLoader<ClaimConversation, void>(
    async (records) => {
      await MessageClaim.collection.bulkWrite(
        records.map(({ claimId, holder, inboxConversationId }) => ({
          updateOne: { filter: { _id: claimId, holder }, update: { $set: { inboxConversationId } } },
        })),
        { ordered: false },
      );
      return records.map(() => undefined);
    },
    { cache: false, batchScheduleFn: (dispatch) => setImmediate(dispatch) },
  );
  return (record) => loader.load(record);
}
