import { NotFoundError, parseObjectId } from '@lattice/plugin-sdk';
import { Schema, type Connection, type HydratedDocument, type Model } from 'mongoose';

export interface DocumentFields {
  name?: string;
  createdAt: Date;
  /** Set on every change: an edit that names the value it read is refused (CONFLICT) once it differs. */
  updatedAt?: Date;
  expiryDate?: Date;
  checked?: boolean;
  typeId?: string;
  order?: number;
}

export interface DocumentModel extends Model<DocumentFields> {
  /** SPEC.md's model helper: `Document not found` when no document has that id. */
  getDocument(id: string): Promise<HydratedDocument<DocumentFields>>;
}

/** `documents` lists by `order` (missing first), then `name` (ARCHITECTURE.md decision). */
export const documentOrder = { order: 1, name: 1 } as const;

const documentSchema = new Schema<DocumentFields, DocumentModel>(
  {
    name: { type: String },
    createdAt: { type: Date, required: true, default: () => new Date() },
    updatedAt: { type: Date, default: () => new Date() },
    expiryDate: { type: Date },
    checked: { type: Boolean },
    typeId: { type: String },
    order: { type: Number },
  },
  { collection: 'documents', versionKey: false },
);
documentSchema.index(documentOrder);
documentSchema.index({ typeId: 1, ...documentOrder });
// The dashboard's documents by month (issue 31) reads a date range.
documentSchema.index({ createdAt: 1 });

documentSchema.static('getDocument', async function getDocument(this: DocumentModel, id: string) {
  const document = await this.findById(parseObjectId(id));
  if (!document) throw new NotFoundError('Document not found');
  return document;
});

export function defineDocumentModel(db: Connection): DocumentModel {
  return db.model<DocumentFields, DocumentModel>('Document', documentSchema);
}
