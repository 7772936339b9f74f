import { modelsPerConnection } from '@lattice/plugin-sdk';
import { defineDocumentModel, type DocumentModel } from './document.js';
import { defineDocumentTypeModel, type DocumentTypeModel } from './document-type.js';

export interface DocumentsModels {
  Document: DocumentModel;
  DocumentType: DocumentTypeModel;
}

/** The plugin's models on the connection the host handed in; defined once per connection. */
export const loadModels = modelsPerConnection((db): DocumentsModels => ({
  Document: defineDocumentModel(db),
  DocumentType: defineDocumentTypeModel(db),
}));
