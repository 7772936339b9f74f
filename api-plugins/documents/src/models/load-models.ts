import { modelsPerConnection } from '@lattice/plugin-sdk';
import { defineDocumentModel, type DocumentModel } from './document.js';
import { defineDocumentTypeModel, type DocumentTypeModel } from './document-type.js';
import { defineRemovedDocumentModel, type RemovedDocumentModel } from './removed-document.js';
import { defineRemovedDocumentTypeModel, type RemovedDocumentTypeModel } from './removed-document-type.js';

export interface DocumentsModels {
  Document: DocumentModel;
  DocumentType: DocumentTypeModel;
  /** Removals that can still be restored (`documentsRestore`, `documentTypesRestore`). */
  RemovedDocument: RemovedDocumentModel;
  RemovedDocumentType: RemovedDocumentTypeModel;
}

/** The plugin's models on the connection the host handed in; defined once per connection. */
export const loadModels = modelsPerConnection((db): DocumentsModels => ({
  Document: defineDocumentModel(db),
  DocumentType: defineDocumentTypeModel(db),
  RemovedDocument: defineRemovedDocumentModel(db),
  RemovedDocumentType: defineRemovedDocumentTypeModel(db),
}));
