import type { PluginResolvers } from '@lattice/plugin-sdk';
import type { DocumentsContext } from './documents-context.js';
import { documentResolvers, documentTypeResolvers } from './entity-resolvers.js';
import { mutationResolvers } from './mutation-resolvers.js';
import { queryResolvers } from './query-resolvers.js';
import { removalResolvers } from './removal-resolvers.js';

export const resolvers: PluginResolvers<DocumentsContext> = {
  Query: queryResolvers,
  Mutation: { ...mutationResolvers, ...removalResolvers },
  Document: documentResolvers,
  DocumentType: documentTypeResolvers,
};
