import { createHash } from 'node:crypto';
import type { SendReplyPayload, SendReplyReply } from '@lattice/contracts';
import { InputError, isDuplicateKeyError } from '@lattice/plugin-sdk';
import type { ImapModels } from '../models/load-models.js';
import type { MessageFields } from '../models/message.js';
import type { CustomerRecord, IntegrationRecord, MessageRecord } from '../models/records.js';
import { replyThread } from './reply-thread.js';
import { smtpFailureReason } from './smtp-failure-reason.js';
import { smtpSettings, type SmtpSettings } from './smtp-settings.js';
import type { SmtpTransports } from './smtp-transports.js';

/** A reply left `sending` this long ago was cut off (the process stopped mid-send) and may be sent again. */
const abandonedAfterMs = 2 * 60_000;

export interface ReplySender {
  models(): ImapModels;
  transports: SmtpTransports;
}

/**
 * The Message-ID follows from the integration and the client's key, so the unique (messageId, integration)
 * index makes a second request with the same key find the first reply instead of sending another.
 */
function replyMessageId(inboxId: string, idempotencyKey: string, from: string): string {
  const digest = createHash('sha256').update(`${inboxId}\n${idempotencyKey}`).digest('hex').slice(0, 32);
  return `<reply.${digest}@${from.split('@')[1]}>`;
}

function asReply(message: MessageRecord): SendReplyReply {
  return {
    _id: String(message._id),
    state: message.state ?? 'sent',
    error: message.error ?? null,
    createdAt: message.createdAt.toISOString(),
  };
}


async function compose(models: ImapModels, payload: SendReplyPayload, settings: SmtpSettings, messageId: string): Promise<MessageFields> {
  const customer = await models.Customer.findOne({ contactsId: payload.customerId, inboxIntegrationId: payload.integrationId }).lean<CustomerRecord>();
  if (!customer) throw new InputError('The customer has no e-mail address for this mailbox, so the reply cannot be sent');
  const thread = await replyThread(models.Message, payload.integrationId, payload.conversationId, payload.inReplyTo);
  const now = new Date();
  // A customer's clock ahead of ours must not list the reply above the mail it answers.
  const createdAt = thread.answeredAt && thread.answeredAt >= now ? new Date(thread.answeredAt.getTime() + 1) : now;
  return {
    inboxIntegrationId: payload.integrationId,
    inboxConversationId: payload.conversationId,
    createdAt,
    messageId,
    inReplyTo: thread.inReplyTo,
    references: thread.references,
    subject: thread.subject,
    body: payload.body,
    from: [{ address: settings.from }],
    to: [{ address: customer.email }],
    direction: 'outgoing',
    state: 'sending',
    stateAt: now,
    authorUserId: payload.author.userId,
    idempotencyKey: payload.idempotencyKey,
    ...(payload.attachments?.length ? { attachments: payload.attachments } : {}),
  };
}

/** Sends a stored reply that this call holds in `sending`, and records how that went. */
async function deliver(sender: ReplySender, integration: IntegrationRecord, settings: SmtpSettings, reply: MessageRecord): Promise<SendReplyReply> {
  let outcome: Pick<MessageFields, 'state' | 'error'>;
  try {
    await sender.transports.send(integration.inboxId, settings, {
      messageId: reply.messageId,
      ...(reply.inReplyTo ? { inReplyTo: reply.inReplyTo } : {}),
      ...(reply.references.length ? { references: reply.references } : {}),
      subject: reply.subject,
      from: settings.from,
      to: (reply.to ?? []).map((entry) => entry.address),
      text: reply.body,
      attachments: (reply.attachments ?? []).map((file) => ({ ...file, encoding: 'base64' })),
    });
    outcome = { state: 'sent', error: undefined };
  } catch (error) {
    outcome = { state: 'failed', error: smtpFailureReason(error) };
  }
  const stored = await sender
    .models()
    .Message.findByIdAndUpdate(
      reply._id,
      outcome.state === 'sent' ? { $set: { state: 'sent', stateAt: new Date() }, $unset: { error: 1 } } : { $set: { ...outcome, stateAt: new Date() } },
      { returnDocument: 'after' },
    )
    .lean<MessageRecord>();
  return asReply(stored ?? { ...reply, ...outcome });
}

/**
 * `imap:sendReply`: the reply is stored first, as a message of the conversation (outgoing, `sending`), then
 * sent over SMTP; the SMTP server's refusal or absence leaves it `failed` with the reason. The same
 * idempotency key again answers that reply; only a failed (or abandoned) one is claimed and sent again.
 */
export async function sendReply(sender: ReplySender, payload: SendReplyPayload): Promise<SendReplyReply> {
  const models = sender.models();
  const integration = await models.Integration.findOne({ inboxId: payload.integrationId }).lean<IntegrationRecord>();
  if (!integration) throw new InputError('The mailbox of this conversation was removed, so the reply cannot be sent');
  const settings = smtpSettings(integration);
  const messageId = replyMessageId(payload.integrationId, payload.idempotencyKey, settings.from);

  let reply = await models.Message.findOne({ messageId, inboxIntegrationId: payload.integrationId }).lean<MessageRecord>();
  if (!reply) {
    try {
      reply = (await models.Message.create(await compose(models, payload, settings, messageId))).toObject<MessageRecord>();
      return await deliver(sender, integration, settings, reply);
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      // The same key at the same moment (a double click): the other request stored it and sends it.
      reply = await models.Message.findOne({ messageId, inboxIntegrationId: payload.integrationId }).lean<MessageRecord>();
      if (!reply) throw error;
    }
  }
  if (reply.inboxConversationId !== payload.conversationId) throw new InputError('This idempotencyKey belongs to a reply in another conversation');
  const claimed = await models.Message.findOneAndUpdate(
    {
      _id: reply._id,
      $or: [{ state: 'failed' }, { state: 'sending', stateAt: { $lt: new Date(Date.now() - abandonedAfterMs) } }],
    },
    { $set: { state: 'sending', stateAt: new Date() } },
    { returnDocument: 'after' },
  ).lean<MessageRecord>();
  return claimed ? deliver(sender, integration, settings, claimed) : asReply(reply);
}
