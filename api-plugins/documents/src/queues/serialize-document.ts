import type { DocumentRecord as WireDocument } from '@lattice/contracts';
import type { DocumentRecord } from '../graphql/loaders.js';

/** A stored document as it travels on the wire: ids as text, dates as ISO 8601 text. */
export function serializeDocument(document: DocumentRecord): WireDocument {
  return {
    _id: String(document._id),
    name: document.name ?? null,
    createdAt: document.createdAt ? document.createdAt.toISOString() : null,
    expiryDate: document.expiryDate ? document.expiryDate.toISOString() : null,
    checked: document.checked ?? null,
    typeId: document.typeId ?? null,
    order: document.order ?? null,
  };
}
