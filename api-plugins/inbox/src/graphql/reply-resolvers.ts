import { randomUUID } from 'node:crypto';
import { sendReplyQueue } from '@lattice/contracts';
import { InputError, requireUser } from '@lattice/plugin-sdk';
import type { IntegrationRecord } from '../models/records.js';
import { publishConversationChanged } from '../queues/conversation-channel.js';
import { noteAddArgs, parseArgs, replyArgs } from './arguments.js';
import { callIntegrationPlugin } from './call-integration-plugin.js';
import { findConversation, touchConversation } from './find-conversation.js';
import type { InboxContext } from './inbox-context.js';
import { requireRunningKind } from './running-kinds.js';

export const replyMutationResolvers = {
  /**
   * A reply leaves through the conversation's integration, which stores it as a message of the conversation
   * (outgoing, author = the user). A channel that refuses keeps it as `failed` with the reason; the same
   * idempotencyKey again sends it once more only then (the Retry), never a second time.
   */
  async conversationReply(_parent: unknown, args: unknown, context: InboxContext) {
    const user = requireUser(context);
    const { conversationId, content, idempotencyKey } = parseArgs(replyArgs, args);
    const conversation = await findConversation(context, conversationId);
    const { models, messageBrokerClient } = context;
    const integration = await models.Integration.findById(conversation.integrationId).lean<IntegrationRecord>();
    if (!integration) throw new InputError("The conversation's integration was removed: the reply cannot be sent");
    await requireRunningKind(models.IntegrationKind, integration.kind, 'reply');
    const reply = await callIntegrationPlugin(messageBrokerClient, sendReplyQueue(integration.kind), integration.kind, {
      integrationId: conversation.integrationId,
      conversationId,
      customerId: conversation.customerId,
      body: content,
      idempotencyKey: idempotencyKey ?? randomUUID(),
      author: { userId: user._id, email: user.email },
    });
    if (reply.state === 'failed') await publishConversationChanged(context.pubsubClient, conversation);
    else await touchConversation(context, conversation, content, new Date(reply.createdAt));
    return { ...reply, conversationId };
  },

  /** A note stays in the inbox: it is never handed to the integration. */
  async conversationNoteAdd(_parent: unknown, args: unknown, context: InboxContext) {
    const user = requireUser(context);
    const { conversationId, content } = parseArgs(noteAddArgs, args);
    const conversation = await findConversation(context, conversationId);
    const note = await context.models.Message.create({ conversationId, content, userId: user._id, internal: true, createdAt: new Date() });
    await publishConversationChanged(context.pubsubClient, conversation);
    return note.toObject();
  },
};
