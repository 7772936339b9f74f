import { NotFoundError, parseObjectId, type PluginRequestContext, type PluginResolvers } from '@lattice/plugin-sdk';
import type { AddressEntry, MailhookModels, MessageFields } from './models.js';

// erxes: packages/template.plugin.api/source-integration/graphql/resolvers.

export interface MailhookContext extends PluginRequestContext {
  models: MailhookModels;
}

/** Stored {name, address} become {name, email}; a missing list is empty (SPEC.md). */
function addresses(list: AddressEntry[] | undefined): Array<{ name?: string; email: string }> {
  return (list ?? []).map(({ name, address }) => ({ ...(name === undefined ? {} : { name }), email: address }));
}

function mailData(message: MessageFields) {
  return {
    messageId: message.messageId,
    from: addresses(message.from),
    to: addresses(message.to),
    cc: addresses(message.cc),
    bcc: addresses(message.bcc),
    subject: message.subject,
    body: message.body,
  };
}

export const resolvers: PluginResolvers<MailhookContext> = {
  Query: {
    async mailhookConversationDetail(_parent: unknown, { conversationId }: { conversationId: string }, { models }: MailhookContext) {
      const messages = await models.Message.find({ inboxConversationId: conversationId }).sort({ createdAt: 1, _id: 1 }).lean();
      return messages.map((message) => ({ _id: String(message._id), title: message.subject, mailData: mailData(message) }));
    },
    mailhookAccounts(_parent: unknown, _args: unknown, { models }: MailhookContext) {
      return models.Account.find().lean();
    },
  },
  Mutation: {
    async mailhookAccountRemove(_parent: unknown, { _id }: { _id: string }, { models }: MailhookContext) {
      const { deletedCount } = await models.Account.deleteOne({ _id: parseObjectId(_id, '_id') });
      if (deletedCount === 0) throw new NotFoundError('Account not found');
      return 'deleted';
    },
  },
};
