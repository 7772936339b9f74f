import type { SendReplyPayload, SendReplyReply } from '@lattice/contracts';
import { InputError, isDuplicateKeyError } from '@lattice/plugin-sdk';
import type { IntegrationRecord, MessageRecord, VisitorRecord } from '../models/load-models.js';
import type { MessengerRuntime } from '../runtime.js';
import { widgetMessage } from '../visitors/widget-view.js';
import { answeredByMail, mailReply } from './reply-by-mail.js';

/** Sent once stored and in the widget; a mail that did not go out makes it `failed`, and Retry mails it again. */
function asReply(message: MessageRecord): SendReplyReply {
  const failed = message.mail?.state === 'failed';
  return {
    _id: String(message._id),
    state: failed ? 'failed' : 'sent',
    error: failed ? `In the widget, but not mailed to ${message.mail!.to}: ${message.mail!.error ?? 'unknown reason'}` : null,
    createdAt: message.createdAt.toISOString(),
  };
}

/**
 * `messenger:sendReply`: the agent's reply is stored as an outgoing message of the visitor's conversation and
 * published to the visitor's open widgets (any widgets process, through pub/sub); a widget opened later reads it.
 * A visitor who left an e-mail while nobody was online also gets it by mail (`replyByMail`). The same
 * idempotencyKey answers the stored reply instead of a second one, mailing it again only if its mail failed.
 */
export async function sendReply(runtime: MessengerRuntime, payload: SendReplyPayload): Promise<SendReplyReply> {
  const models = runtime.models();
  const integration = await models.Integration.findOne({ inboxId: payload.integrationId }).lean<IntegrationRecord>();
  if (!integration) throw new InputError('The website chat of this conversation was removed, so the reply cannot be sent');
  const visitor = await models.Visitor.findOne({ inboxConversationId: payload.conversationId, inboxIntegrationId: payload.integrationId }).lean<VisitorRecord>();
  if (!visitor) throw new InputError('No messenger visitor wrote in this conversation');
  const repeated = await models.Message.findOne({ idempotencyKey: payload.idempotencyKey, inboxIntegrationId: payload.integrationId }).lean<MessageRecord>();
  if (repeated) {
    if (repeated.mail?.state !== 'failed' || !answeredByMail(integration, visitor)) return asReply(repeated);
    // The Retry of a reply whose mail failed: claimed, so a double click mails it once.
    const claimed = await models.Message.findOneAndUpdate({ _id: repeated._id, 'mail.state': 'failed' }, { $set: { 'mail.state': 'sending' } }, { returnDocument: 'after' }).lean<MessageRecord>();
    if (!claimed) return asReply(repeated);
    return asReply({ ...claimed, mail: await mailReply(runtime, integration, visitor, claimed) });
  }
  let stored: MessageRecord;
  try {
    const created = await models.Message.create({
      inboxIntegrationId: payload.integrationId,
      inboxConversationId: payload.conversationId,
      visitorId: String(visitor._id),
      direction: 'outgoing',
      body: payload.body,
      ...(payload.attachments?.length
        ? {
            attachments: payload.attachments.map((file) => {
              const content = Buffer.from(file.content, 'base64');
              return { filename: file.filename, contentType: file.contentType, size: content.length, content };
            }),
          }
        : {}),
      createdAt: new Date(),
      authorUserId: payload.author.userId,
      idempotencyKey: payload.idempotencyKey,
    });
    stored = created.toObject<MessageRecord>();
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    const winner = await models.Message.findOne({ idempotencyKey: payload.idempotencyKey, inboxIntegrationId: payload.integrationId }).lean<MessageRecord>();
    if (!winner) throw error;
    return asReply(winner);
  }
  await runtime.events.toVisitor({ visitorId: String(visitor._id), event: { type: 'message', message: widgetMessage(stored) } });
  await runtime.events.toAgents({ inboxConversationId: payload.conversationId, type: 'message' });
  if (answeredByMail(integration, visitor)) return asReply({ ...stored, mail: await mailReply(runtime, integration, visitor, stored) });
  return asReply(stored);
}
