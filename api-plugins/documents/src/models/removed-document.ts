import { Schema, Types, type Connection, type Model } from 'mongoose';
import type { DocumentFields } from './document.js';
import { restoreWindowSeconds } from './restore-window.js';

/** A removed document as it was, under its own `_id`, until it is restored or its window has passed. */
export interface RemovedDocumentFields {
  _id: Types.ObjectId;
  document: DocumentFields;
  removedAt: Date;
}

export type RemovedDocumentModel = Model<RemovedDocumentFields>;

const removedDocumentSchema = new Schema<RemovedDocumentFields, RemovedDocumentModel>(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    // Stored as it was read, so a restore puts back every field, those added later included.
    document: { type: Schema.Types.Mixed, required: true },
    removedAt: { type: Date, required: true },
  },
  { collection: 'documents_removed', versionKey: false, minimize: false },
);
// The database deletes what can no longer be restored: nothing removed lingers.
removedDocumentSchema.index({ removedAt: 1 }, { expireAfterSeconds: restoreWindowSeconds });

export function defineRemovedDocumentModel(db: Connection): RemovedDocumentModel {
  return db.model<RemovedDocumentFields, RemovedDocumentModel>('RemovedDocument', removedDocumentSchema);
}
