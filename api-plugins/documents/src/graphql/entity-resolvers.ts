import type { DocumentsContext } from './documents-context.js';
import type { DocumentRecord, DocumentTypeRecord } from './loaders.js';

export const documentResolvers = {
  _id: (document: DocumentRecord) => String(document._id),
  currentType: (document: DocumentRecord, _args: unknown, { loaders }: DocumentsContext) =>
    document.typeId ? loaders.documentType.load(document.typeId) : null,
  __resolveReference: (reference: { _id: string }, { loaders }: DocumentsContext) =>
    loaders.document.load(reference._id),
};

export const documentTypeResolvers = {
  _id: (type: DocumentTypeRecord) => String(type._id),
  __resolveReference: (reference: { _id: string }, { loaders }: DocumentsContext) =>
    loaders.documentType.load(reference._id),
};
