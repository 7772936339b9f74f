import DataLoader from 'dataloader';
import { isValidObjectId } from 'mongoose';
import type { DocumentsModels } from '../models/load-models.js';
import type { DocumentTypeFields } from '../models/document-type.js';
import type { DocumentFields } from '../models/document.js';

export type DocumentTypeRecord = DocumentTypeFields & { _id: unknown };
export type DocumentRecord = DocumentFields & { _id: unknown };

export interface DocumentsLoaders {
  documentType: DataLoader<string, DocumentTypeRecord | null>;
  document: DataLoader<string, DocumentRecord | null>;
}

function byIdLoader<T extends { _id: unknown }>(find: (ids: string[]) => Promise<T[]>) {
  return new DataLoader<string, T | null>(async (ids) => {
    const valid = ids.filter((id) => isValidObjectId(id) && /^[0-9a-fA-F]{24}$/.test(id));
    const found = valid.length > 0 ? await find(valid) : [];
    const byId = new Map(found.map((record) => [String(record._id), record]));
    return ids.map((id) => byId.get(id) ?? null);
  });
}

/** One batched query per request for every `currentType` (and entity reference) it resolves. */
export function createLoaders({ Document, DocumentType }: DocumentsModels): DocumentsLoaders {
  return {
    documentType: byIdLoader((ids) => DocumentType.find({ _id: { $in: ids } }).lean<DocumentTypeRecord[]>()),
    document: byIdLoader((ids) => Document.find({ _id: { $in: ids } }).lean<DocumentRecord[]>()),
  };
}
