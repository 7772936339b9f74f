import { Schema, Types, type Connection, type Model } from 'mongoose';
import type { DocumentTypeFields } from './document-type.js';
import { restoreWindowSeconds } from './restore-window.js';

/**
 * A removed type as it was, under its own `_id`, with the documents its removal left untyped, so that a
 * restore gives exactly those documents their type back.
 */
export interface RemovedDocumentTypeFields {
  _id: Types.ObjectId;
  type: DocumentTypeFields;
  documentIds: Types.ObjectId[];
  removedAt: Date;
}

export type RemovedDocumentTypeModel = Model<RemovedDocumentTypeFields>;

const removedDocumentTypeSchema = new Schema<RemovedDocumentTypeFields, RemovedDocumentTypeModel>(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    type: { type: Schema.Types.Mixed, required: true },
    documentIds: { type: [Schema.Types.ObjectId], default: [] },
    removedAt: { type: Date, required: true },
  },
  { collection: 'document_types_removed', versionKey: false, minimize: false },
);
removedDocumentTypeSchema.index({ removedAt: 1 }, { expireAfterSeconds: restoreWindowSeconds });

export function defineRemovedDocumentTypeModel(db: Connection): RemovedDocumentTypeModel {
  return db.model<RemovedDocumentTypeFields, RemovedDocumentTypeModel>('RemovedDocumentType', removedDocumentTypeSchema);
}
