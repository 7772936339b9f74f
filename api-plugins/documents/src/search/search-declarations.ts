import type { SearchDeclaration } from '@lattice/plugin-sdk';

/** Documents are found by their name; a hit opens the documents page on that document (listed by its name, so the page holds it). */
export const searchDeclarations: readonly SearchDeclaration[] = [
  { type: 'document', collection: 'documents', fields: { name: 1 }, title: ['name'], permission: 'documents:showDocuments', url: '/documents/?q={name}&document={_id}' },
];
