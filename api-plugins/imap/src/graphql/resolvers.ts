import { NotFoundError, parseObjectId, type PluginResolvers } from '@lattice/plugin-sdk';
import { z } from 'zod';
import { removeIntegration } from '../integrations/remove-integration.js';
import type { IntegrationRecord, MessageRecord } from '../models/records.js';
import type { ImapContext } from './imap-context.js';
import { mailData } from './mail-data.js';
import { subscriptionResolvers } from './subscription-resolvers.js';

const conversationDetailArgs = z.object({ conversationId: z.string() });
const idArgs = z.object({ _id: z.string() });

export const resolvers: PluginResolvers<ImapContext> = {
  Query: {
    async imapConversationDetail(_parent: unknown, args: unknown, { models }: ImapContext) {
      const { conversationId } = conversationDetailArgs.parse(args);
      const messages = await models.Message.find({ inboxConversationId: conversationId })
        .sort({ createdAt: 1, _id: 1 })
        .lean<MessageRecord[]>();
      return messages.map((message) => ({ _id: String(message._id), title: message.subject ?? null, mailData: mailData(message) }));
    },

    async imapAccounts(_parent: unknown, _args: unknown, context: ImapContext) {
      const sync = context.runtime.sync;
      const integrations = await context.models.Integration.find({}, { password: 0, smtpPassword: 0, webhookTokenHash: 0 })
        .sort({ createdAt: 1 })
        .lean<Omit<IntegrationRecord, 'password' | 'smtpPassword' | 'webhookTokenHash'>[]>();
      return integrations.map((integration) => ({
        ...integration,
        _id: String(integration._id),
        syncing: sync.isSyncing(integration.inboxId),
      }));
    },
  },
  Mutation: {
    async imapAccountRemove(_parent: unknown, args: unknown, context: ImapContext) {
      const { _id } = idArgs.parse(args);
      const integration = await context.models.Integration.findById(parseObjectId(_id)).lean<IntegrationRecord>();
      if (!integration) throw new NotFoundError('Account not found');
      await removeIntegration(context.runtime, integration.inboxId);
      return 'deleted';
    },
  },
  Subscription: subscriptionResolvers,
};
