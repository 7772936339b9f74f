import { NotFoundError, parseObjectId } from '@lattice/plugin-sdk';
import type { QueryFilter } from 'mongoose';
import type { ConversationFields } from '../models/conversation.js';
import type { ConversationRecord, MessageRecord } from '../models/records.js';
import { publishConversationChanged } from '../queues/conversation-channel.js';
import {
  changeStatusArgs,
  conversationMessagesArgs,
  conversationsArgs,
  idArgs,
  messageAddArgs,
  parseArgs,
} from './arguments.js';
import { findConversation, touchConversation } from './find-conversation.js';
import type { InboxContext } from './inbox-context.js';

const defaultPerPage = 20;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function conversationFilter(args: {
  integrationId?: string | null;
  customerId?: string | null;
  status?: string | null;
  searchValue?: string | null;
}): QueryFilter<ConversationFields> {
  const filter: QueryFilter<ConversationFields> = {};
  if (args.integrationId) filter.integrationId = args.integrationId;
  if (args.customerId) filter.customerId = args.customerId;
  if (args.status) filter.status = args.status as ConversationFields['status'];
  const search = args.searchValue?.trim();
  if (search) {
    // Built from the typed argument only: the text is escaped, so it is matched literally, ignoring case.
    const anywhere = new RegExp(escapeRegExp(search), 'i');
    filter.$or = [{ content: anywhere }, { searchTexts: anywhere }];
  }
  return filter;
}

export const conversationQueryResolvers = {
  async conversations(_parent: unknown, args: unknown, { models }: InboxContext) {
    const parsed = parseArgs(conversationsArgs, args);
    const limit = parsed.perPage ?? defaultPerPage;
    return models.Conversation.find(conversationFilter(parsed))
      .sort({ updatedAt: -1, _id: -1 })
      .skip(((parsed.page ?? 1) - 1) * limit)
      .limit(limit)
      .lean<ConversationRecord[]>();
  },

  async conversationsTotalCount(_parent: unknown, args: unknown, { models }: InboxContext) {
    return models.Conversation.countDocuments(conversationFilter(parseArgs(conversationsArgs, args)));
  },

  async conversationDetail(_parent: unknown, args: unknown, context: InboxContext) {
    return findConversation(context, parseArgs(idArgs, args)._id);
  },

  async conversationMessages(_parent: unknown, args: unknown, context: InboxContext) {
    const { conversationId } = parseArgs(conversationMessagesArgs, args);
    await findConversation(context, conversationId);
    return context.models.Message.find({ conversationId }).sort({ createdAt: 1, _id: 1 }).lean<MessageRecord[]>();
  },
};

export const conversationMutationResolvers = {
  async conversationsChangeStatus(_parent: unknown, args: unknown, context: InboxContext) {
    const { _ids, status } = parseArgs(changeStatusArgs, args);
    const ids = _ids.map((id) => parseObjectId(id));
    const { models, pubsubClient } = context;
    const found = await models.Conversation.countDocuments({ _id: { $in: ids } });
    if (found !== new Set(_ids).size) throw new NotFoundError('Conversation not found');
    // closedAt: when it was closed last, for the dashboard's closed conversations per day.
    const closing = status === 'closed' ? { $set: { status, closedAt: new Date() } } : { $set: { status }, $unset: { closedAt: 1 as const } };
    await models.Conversation.updateMany({ _id: { $in: ids }, status: { $ne: status } }, closing);
    const updated = await models.Conversation.find({ _id: { $in: ids } }).lean<ConversationRecord[]>();
    await Promise.all(updated.map((conversation) => publishConversationChanged(pubsubClient, conversation)));
    return updated;
  },

  async conversationMessageAdd(_parent: unknown, args: unknown, context: InboxContext) {
    const { conversationId, content } = parseArgs(messageAddArgs, args);
    const conversation = await findConversation(context, conversationId);
    const userId = context.user?._id ?? '';
    const createdAt = new Date();
    const message = await context.models.Message.create({ conversationId, content, userId, createdAt });
    await touchConversation(context, conversation, content, createdAt);
    return message.toObject();
  },
};

export const conversationResolvers = {
  _id: (conversation: ConversationRecord) => String(conversation._id),
  // A reference the contacts subgraph resolves, when it runs; without it the customer is just its _id.
  customer: (conversation: ConversationRecord) => (conversation.customerId ? { _id: conversation.customerId } : null),
  integration: (conversation: ConversationRecord, _args: unknown, { loaders }: InboxContext) =>
    loaders.integration.load(conversation.integrationId),
  __resolveReference: async (reference: { _id: string }, { models }: InboxContext) =>
    /^[0-9a-fA-F]{24}$/.test(reference._id) ? models.Conversation.findById(reference._id).lean() : null,
};
