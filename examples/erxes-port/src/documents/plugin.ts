import { definePlugin } from '@lattice/plugin-sdk';
import { loadModels } from './models.js';
import { consumeDocumentQueues } from './queues.js';
import { resolvers, type DocumentsContext } from './resolvers.js';
import { typeDefs } from './type-defs.js';

// erxes: packages/template.plugin.api/source-default/configs.ts (`export default { name, graphql,
// apolloServerContext, onServerInit }`). The name is `documents`: `document` would collide with the browser's
// `window.document` as a federation scope, so create-plugin and validate refuse it.

const roles = ['owner', 'admin', 'member'] as const;

export const documentsPlugin = definePlugin<DocumentsContext>({
  name: 'documents',
  graphql: () => ({ typeDefs, resolvers }),
  // erxes wrapped resolvers in checkPermission(...); here each root field names its action and the host checks it.
  permissions: {
    documents: {
      description: 'Documents',
      actions: {
        showDocuments: { description: 'See documents and their types', roles: [...roles] },
        manageDocuments: { description: 'Add, edit and remove documents and their types', roles: [...roles] },
      },
    },
  },
  operations: {
    Query: { documents: 'showDocuments', documentTypes: 'showDocuments', documentsTotalCount: 'showDocuments' },
    Mutation: {
      documentsAdd: 'manageDocuments',
      documentsEdit: 'manageDocuments',
      documentsRemove: 'manageDocuments',
      documentTypesAdd: 'manageDocuments',
      documentTypesEdit: 'manageDocuments',
      documentTypesRemove: 'manageDocuments',
    },
  },
  apolloServerContext: (context) => ({ ...context, models: loadModels(context.db) }),
  onServerInit: async ({ db, messageBrokerClient }) => {
    const models = loadModels(db);
    await Promise.all([models.Document.init(), models.DocumentType.init()]);
    await consumeDocumentQueues(messageBrokerClient, models);
  },
});

export default documentsPlugin;
