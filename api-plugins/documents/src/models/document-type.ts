import { NotFoundError, parseObjectId } from '@lattice/plugin-sdk';
import { Schema, type Connection, type HydratedDocument, type Model } from 'mongoose';

export interface DocumentTypeFields {
  name?: string;
  /** Set on every change: an edit that names the value it read is refused (CONFLICT) once it differs. */
  updatedAt?: Date;
}

export interface DocumentTypeModel extends Model<DocumentTypeFields> {
  /** SPEC.md's model helper: `Type not found` when no type has that id. */
  getType(id: string): Promise<HydratedDocument<DocumentTypeFields>>;
}

const documentTypeSchema = new Schema<DocumentTypeFields, DocumentTypeModel>(
  { name: { type: String }, updatedAt: { type: Date, default: () => new Date() } },
  { collection: 'document_types', versionKey: false },
);

documentTypeSchema.static('getType', async function getType(this: DocumentTypeModel, id: string) {
  const type = await this.findById(parseObjectId(id, 'typeId'));
  if (!type) throw new NotFoundError('Type not found');
  return type;
});

export function defineDocumentTypeModel(db: Connection): DocumentTypeModel {
  return db.model<DocumentTypeFields, DocumentTypeModel>('DocumentType', documentTypeSchema);
}
