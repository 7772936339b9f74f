import { documentOrder } from '../models/document.js';
import { documentsArgs, parseArgs } from './arguments.js';
import type { DocumentsContext } from './documents-context.js';
import type { DocumentRecord, DocumentTypeRecord } from './loaders.js';

export const queryResolvers = {
  async documents(_parent: unknown, args: unknown, { models }: DocumentsContext) {
    const { typeId } = parseArgs(documentsArgs, args);
    const filter = typeId ? { typeId } : {};
    return models.Document.find(filter).sort(documentOrder).lean<DocumentRecord[]>();
  },

  async documentTypes(_parent: unknown, _args: unknown, { models }: DocumentsContext) {
    return models.DocumentType.find({}).sort({ name: 1, _id: 1 }).lean<DocumentTypeRecord[]>();
  },

  async documentsTotalCount(_parent: unknown, _args: unknown, { models }: DocumentsContext) {
    return models.Document.countDocuments({});
  },
};
