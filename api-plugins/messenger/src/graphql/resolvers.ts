import { ConflictError, InputError, NotFoundError, UnauthenticatedError, type PluginResolvers } from '@lattice/plugin-sdk';
import { withFilter } from 'graphql-subscriptions';
import { z } from 'zod';
import { conversationEventsChannel, type ConversationEvent } from '../events/messenger-events.js';
import type { IntegrationRecord, MessageRecord, VisitorRecord } from '../models/load-models.js';
import { messengerSettingsSchema } from '../settings/messenger-settings.js';
import { widgetSettings } from '../visitors/widget-view.js';
import type { MessengerContext } from './messenger-context.js';

const conversationArgs = z.object({ conversationId: z.string() });
const typingArgs = z.object({ conversationId: z.string(), typing: z.boolean() });
const editArgs = z.object({
  inboxId: z.string(),
  data: z.record(z.string(), z.unknown()),
  /** The `updatedAt` the client read: undefined skips the check, null means "it had none". */
  updatedAt: z.date().nullish(),
});
const changedSinceRead = 'Someone else changed these messenger settings after you opened them';

/** The part of an edit's filter that finds the integration only as the client read it. */
function asRead(updatedAt: Date | null | undefined) {
  if (updatedAt === undefined) return {};
  return { updatedAt: updatedAt === null ? { $exists: false } : updatedAt };
}
const eventArgs = z.object({ inboxConversationId: z.string() });

function detailEntry(message: MessageRecord, visitorEmail: string | undefined) {
  const visitor = { name: 'Visitor', email: visitorEmail ?? '' };
  const agent = { name: 'Agent', email: '' };
  return {
    _id: String(message._id),
    title: message.body.slice(0, 80),
    mailData: {
      messageId: String(message._id),
      from: [message.direction === 'incoming' ? visitor : agent],
      to: [message.direction === 'incoming' ? agent : visitor],
      cc: [],
      bcc: [],
      subject: '',
      body: message.body,
      direction: message.direction,
      createdAt: message.createdAt.toISOString(),
      readAt: message.readAt?.toISOString() ?? null,
      attachments: (message.attachments ?? []).map((file) => ({ filename: file.filename, contentType: file.contentType, size: file.size })),
      // A reply that also went out by mail: to whom and how that went.
      mail: message.mail ? { to: message.mail.to, state: message.mail.state, error: message.mail.error ?? null } : null,
    },
  };
}

export const resolvers: PluginResolvers<MessengerContext> = {
  Query: {
    async messengerConversationDetail(_parent: unknown, args: unknown, context: MessengerContext) {
      const { conversationId } = conversationArgs.parse(args);
      const [messages, visitor] = await Promise.all([
        context.models.Message.find({ inboxConversationId: conversationId }, { 'attachments.content': 0 }).sort({ createdAt: 1, _id: 1 }).lean<MessageRecord[]>(),
        context.models.Visitor.findOne({ inboxConversationId: conversationId }).lean<VisitorRecord>(),
      ]);
      return messages.map((message) => detailEntry(message, visitor?.email));
    },
    async messengerVisitor(_parent: unknown, args: unknown, context: MessengerContext) {
      const { conversationId } = conversationArgs.parse(args);
      const visitor = await context.models.Visitor.findOne({ inboxConversationId: conversationId }).lean<VisitorRecord>();
      return visitor ? { _id: String(visitor._id), email: visitor.email ?? null } : null;
    },
    async messengerIntegrations(_parent: unknown, _args: unknown, context: MessengerContext) {
      const integrations = await context.models.Integration.find({}).sort({ createdAt: 1 }).lean<IntegrationRecord[]>();
      // The address the snippet loads from: configs.json's widgets.domain, which the CLI hands every plugin.
      const widgetsUrl = context.env.LATTICE_WIDGETS_URL ?? null;
      return integrations.map((integration) => ({
        ...widgetSettings(integration),
        workingHours: integration.workingHours ?? [],
        timeZone: integration.timeZone,
        replyByMail: integration.replyByMail ?? null,
        updatedAt: integration.updatedAt ?? null,
        widgetsUrl,
      }));
    },
  },
  Mutation: {
    async messengerIntegrationEdit(_parent: unknown, args: unknown, context: MessengerContext) {
      const parsedArgs = editArgs.safeParse(args);
      if (!parsedArgs.success) throw new InputError(`Cannot change the messenger settings: ${z.prettifyError(parsedArgs.error)}`);
      const { inboxId, data, updatedAt } = parsedArgs.data;
      const { Integration } = context.models;
      const current = await Integration.findOne({ inboxId }).lean<IntegrationRecord>();
      if (!current) throw new NotFoundError('Messenger integration not found');
      const { _id: _ignored, inboxId: _same, createdAt: _kept, updatedAt: _stored, ...settings } = current;
      const parsed = messengerSettingsSchema.safeParse({ ...settings, ...data });
      if (!parsed.success) throw new InputError(`The messenger settings are not usable: ${z.prettifyError(parsed.error)}`);
      // Written only over the settings as the client read them (when it says what it read).
      const updated = await Integration.findOneAndUpdate({ inboxId, ...asRead(updatedAt) }, { $set: { ...parsed.data, updatedAt: new Date() } }, { returnDocument: 'after' }).lean<IntegrationRecord>();
      if (!updated) {
        if (updatedAt !== undefined && (await Integration.exists({ inboxId }))) throw new ConflictError(changedSinceRead);
        throw new NotFoundError('Messenger integration not found');
      }
      return { ...widgetSettings(updated), workingHours: updated.workingHours ?? [], timeZone: updated.timeZone, updatedAt: updated.updatedAt ?? null };
    },
    async messengerTyping(_parent: unknown, args: unknown, context: MessengerContext) {
      const { conversationId, typing } = typingArgs.parse(args);
      const visitor = await context.models.Visitor.findOne({ inboxConversationId: conversationId }).lean<VisitorRecord>();
      if (!visitor) throw new NotFoundError('No messenger visitor wrote in this conversation');
      await context.runtime.events.toVisitor({ visitorId: String(visitor._id), event: { type: 'typing', typing } });
      return true;
    },
    async messengerMarkRead(_parent: unknown, args: unknown, context: MessengerContext) {
      const { conversationId } = conversationArgs.parse(args);
      const visitor = await context.models.Visitor.findOne({ inboxConversationId: conversationId }).lean<VisitorRecord>();
      if (!visitor) throw new NotFoundError('No messenger visitor wrote in this conversation');
      const readAt = new Date();
      const { modifiedCount } = await context.models.Message.updateMany(
        { inboxConversationId: conversationId, direction: 'incoming', readAt: { $exists: false } },
        { $set: { readAt } },
      );
      if (modifiedCount > 0) await context.runtime.events.toVisitor({ visitorId: String(visitor._id), event: { type: 'read', readAt: readAt.toISOString() } });
      return modifiedCount > 0;
    },
  },
  Subscription: {
    messengerConversationEvent: {
      subscribe: withFilter(
        (_parent: unknown, _args: unknown, context: MessengerContext | undefined) => {
          // The platform has checked the login; graphql-subscriptions' types still allow a missing context.
          if (!context) throw new UnauthenticatedError();
          return context.pubsubClient.asyncIterableIterator(conversationEventsChannel);
        },
        (payload: unknown, args: unknown) =>
          (payload as { messengerConversationEvent?: ConversationEvent } | undefined)?.messengerConversationEvent?.inboxConversationId ===
          eventArgs.parse(args).inboxConversationId,
      ),
    },
  },
};
