import type { PluginResolvers } from '@lattice/plugin-sdk';
import type { IntegrationKindRecord, MessageRecord } from '../models/records.js';
import {
  conversationMutationResolvers,
  conversationQueryResolvers,
  conversationResolvers,
} from './conversation-resolvers.js';
import type { InboxContext } from './inbox-context.js';
import { integrationMutationResolvers, integrationQueryResolvers, integrationResolvers } from './integration-resolvers.js';
import { replyMutationResolvers } from './reply-resolvers.js';
import { subscriptionResolvers } from './subscription-resolvers.js';

export const resolvers: PluginResolvers<InboxContext> = {
  Query: { ...integrationQueryResolvers, ...conversationQueryResolvers },
  Mutation: { ...integrationMutationResolvers, ...conversationMutationResolvers, ...replyMutationResolvers },
  Subscription: subscriptionResolvers,
  // A kind whose host did not say (an older one) is tried.
  IntegrationKind: { canReply: (kind: IntegrationKindRecord) => kind.reply !== false },
  Integration: integrationResolvers,
  Conversation: conversationResolvers,
  Customer: { __resolveReference: (reference: { _id: string }) => reference },
  ConversationMessage: { _id: (message: MessageRecord) => String(message._id), internal: (message: MessageRecord) => message.internal === true },
};
