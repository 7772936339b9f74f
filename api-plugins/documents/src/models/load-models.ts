import type { Connection } from 'mongoose';
import { defineDocumentModel, type DocumentModel } from './document.js';
import { defineDocumentTypeModel, type DocumentTypeModel } from './document-type.js';

export interface DocumentsModels {
  Document: DocumentModel;
  DocumentType: DocumentTypeModel;
}

const modelsByConnection = new WeakMap<Connection, DocumentsModels>();

/** The plugin's models on the connection the host handed in; defined once per connection. */
export function loadModels(db: Connection): DocumentsModels {
  let models = modelsByConnection.get(db);
  if (!models) {
    models = { Document: defineDocumentModel(db), DocumentType: defineDocumentTypeModel(db) };
    modelsByConnection.set(db, models);
  }
  return models;
}
