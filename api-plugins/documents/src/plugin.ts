import { definePlugin } from '@lattice/plugin-sdk';
import { searchDeclarations } from './search/search-declarations.js';
import { documentsDatasets } from './dashboard/documents-datasets.js';
import type { DocumentsContext } from './graphql/documents-context.js';
import { createLoaders } from './graphql/loaders.js';
import { resolvers } from './graphql/resolvers.js';
import { typeDefs } from './graphql/type-defs.js';
import { loadModels } from './models/load-models.js';
import { consumeDocumentQueues } from './queues/consume-document-queues.js';

export const documentsPlugin = definePlugin<DocumentsContext>({
  name: 'documents',
  graphql: () => ({ typeDefs, resolvers }),
  search: searchDeclarations,
  dashboardDatasets: documentsDatasets,
  // `documents` without a page returns every document (SPEC.md): its cost counts them all.
  listBounds: ({ db }) => ({ 'Query.documents': () => loadModels(db).Document.estimatedDocumentCount() }),
  // Every user reads documents; changing them, or the types they are filed under, is for owners and admins.
  permissions: {
    documents: {
      description: 'Documents',
      actions: {
        showDocuments: { description: 'See documents and their types', roles: ['owner', 'admin', 'member'] },
        manageDocuments: { description: 'Add, edit and check documents', roles: ['owner', 'admin'] },
        removeDocuments: { description: 'Remove documents', roles: ['owner', 'admin'] },
      },
    },
    documentTypes: {
      description: 'Document types',
      actions: {
        manageDocumentTypes: { description: 'Add, rename and remove document types', roles: ['owner', 'admin'] },
      },
    },
  },
  // Checked by the platform before each resolver runs.
  operations: {
    Query: { documents: 'showDocuments', documentDetail: 'showDocuments', documentTypes: 'showDocuments', documentsTotalCount: 'showDocuments', documentsSummary: 'showDocuments' },
    Mutation: {
      documentsAdd: 'manageDocuments',
      documentsEdit: 'manageDocuments',
      documentsRemove: 'removeDocuments',
      documentsRestore: 'removeDocuments',
      documentTypesAdd: 'manageDocumentTypes',
      documentTypesEdit: 'manageDocumentTypes',
      documentTypesRemove: 'manageDocumentTypes',
      documentTypesRestore: 'manageDocumentTypes',
    },
  },
  // Undo copies are not changes anyone made; a record's history is for those who may read it.
  activityLog: { skipModels: ['RemovedDocument', 'RemovedDocumentType'], readPermissions: { document: 'showDocuments', documentType: 'showDocuments' } },
  apolloServerContext: (context) => {
    const models = loadModels(context.db);
    return { ...context, models, loaders: createLoaders(models) };
  },
  onServerInit: async ({ db, messageBrokerClient, debug }) => {
    const models = loadModels(db);
    await Promise.all([models.Document.init(), models.DocumentType.init(), models.RemovedDocument.init(), models.RemovedDocumentType.init()]);
    await consumeDocumentQueues(messageBrokerClient, models, debug);
  },
});
