import DataLoader from 'dataloader';
import { mongo, type Model } from 'mongoose';

/** One record's failure in a batch: MongoDB's code (11000 for a duplicate key) and message. */
export class RecordWriteError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
    this.name = 'RecordWriteError';
  }
}

/** Inserts one record; concurrent calls share one `insertMany` round trip. */
export type InsertRecord<TFields> = (record: TFields) => Promise<TFields & { _id: unknown }>;

/**
 * For the hot paths that write a record per incoming request (an incoming message, its customer, its
 * conversation): the inserts asked for during one turn of the event loop go to the database as one
 * unordered `insertMany`. Each caller still gets its own outcome: its record with the `_id` the driver gave
 * it, or its own error (a duplicate key rejects as MongoDB's E11000, so `isDuplicateKeyError` recognises it).
 *
 * The records bypass mongoose's documents: the caller builds them whole, with the types the schema declares
 * (mongoose would otherwise build, cast and validate a document per record, most of the cost of an insert).
 */
export function createInsertBatcher<TFields extends object>(model: Model<TFields>): InsertRecord<TFields> {
  const loader = new DataLoader<TFields, TFields & { _id: unknown }>(
    async (records) => {
      const batch = records.map((record) => ({ ...record }));
      try {
        await model.collection.insertMany(batch, { ordered: false, ignoreUndefined: true });
        return batch as Array<TFields & { _id: unknown }>;
      } catch (error) {
        if (!(error instanceof mongo.MongoBulkWriteError)) throw error;
        const failed = new Map<number, Error>();
        const writeErrors = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
        for (const writeError of writeErrors) {
          failed.set(writeError.index, new RecordWriteError(writeError.errmsg ?? 'insert failed', writeError.code));
        }
        return batch.map((record, index) => failed.get(index) ?? (record as TFields & { _id: unknown }));
      }
    },
    // setImmediate, not the default microtask: requests that arrive in one poll of the sockets are served in
    // separate callbacks, and should still share the round trip.
    { cache: false, batchScheduleFn: (dispatch) => setImmediate(dispatch) },
  );
  return (record) => loader.load(record);
}
