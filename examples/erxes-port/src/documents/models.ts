import { modelsPerConnection, NotFoundError } from '@lattice/plugin-sdk';
import { Schema, type Connection, type Model } from 'mongoose';

// erxes: the models of packages/template.plugin.api/source-default (and source-empty/models.ts). They were global (`model(...)` on the
// default connection); here they are defined on the connection the host hands in, once per connection.

export interface DocumentFields {
  name?: string;
  createdAt: Date;
  expiryDate?: Date;
  checked?: boolean;
  typeId?: string;
  /** Position in lists (SPEC.md orders by it, then by name); no operation sets it, so lists go by name. */
  order?: number;
}

export interface DocumentTypeFields {
  name?: string;
}

interface DocumentStatics {
  /** SPEC.md "Errors": `Document not found`. */
  getDocument(_id: string): Promise<DocumentFields & { _id: unknown }>;
}
interface DocumentTypeStatics {
  /** SPEC.md "Errors": `Type not found`. */
  getType(_id: string): Promise<DocumentTypeFields & { _id: unknown }>;
}

export type DocumentModel = Model<DocumentFields> & DocumentStatics;
export type DocumentTypeModel = Model<DocumentTypeFields> & DocumentTypeStatics;

const documentSchema = new Schema<DocumentFields, DocumentModel>(
  {
    name: String,
    createdAt: { type: Date, required: true, default: () => new Date() },
    expiryDate: Date,
    checked: Boolean,
    typeId: String,
    order: Number,
  },
  { collection: 'documents', versionKey: false },
);
documentSchema.index({ typeId: 1, order: 1, name: 1 });
documentSchema.static('getDocument', async function getDocument(this: DocumentModel, _id: string) {
  const found = isObjectId(_id) ? await this.findById(_id).lean() : null;
  if (!found) throw new NotFoundError('Document not found');
  return found;
});

const documentTypeSchema = new Schema<DocumentTypeFields, DocumentTypeModel>({ name: String }, { collection: 'document_types', versionKey: false });
documentTypeSchema.static('getType', async function getType(this: DocumentTypeModel, _id: string) {
  const found = isObjectId(_id) ? await this.findById(_id).lean() : null;
  if (!found) throw new NotFoundError('Type not found');
  return found;
});

function isObjectId(id: string): boolean {
  return /^[0-9a-f]{24}$/i.test(id);
}

export interface DocumentsModels {
  Document: DocumentModel;
  DocumentType: DocumentTypeModel;
}

/** erxes's `generateModels(subdomain)`: here the plugin's models on the connection of its own database. */
export const loadModels = modelsPerConnection(
  (db: Connection): DocumentsModels => ({
    Document: db.model<DocumentFields, DocumentModel>('Document', documentSchema),
    DocumentType: db.model<DocumentTypeFields, DocumentTypeModel>('DocumentType', documentTypeSchema),
  }),
);

/** SPEC.md's list order: ascending by order, then by name. */
export const documentOrder = { order: 1, name: 1, _id: 1 } as const;
