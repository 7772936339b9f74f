import type { MessageBroker } from '@lattice/broker';
import { conversationReceiveMessage, customersCreateQueue, customersFindOneQueue, integrationsReceiveQueue } from '@lattice/contracts';
import { callPluginRPC, isDuplicateKeyError } from '@lattice/plugin-sdk';
import { z } from 'zod';
import type { MailhookModels } from './models.js';

// erxes: `saveMessages` in packages/template.plugin.api/source-integration/controller.ts, the flow of
// SPEC.md "Rules of the incoming-message flow" (numbered below as there).

const rpcTimeoutMs = 10_000;

const address = z.object({ name: z.string().max(1_000).optional(), address: z.email() });

/** What POST /receive takes (SPEC.md leaves it open): one e-mail-like message. */
export const incomingMessageSchema = z.object({
  /** The inbox's integration `_id`, answered by `integrationsCreateExternalIntegration`. */
  integrationId: z.string().min(1),
  messageId: z.string().min(1).max(1_000),
  inReplyTo: z.string().max(1_000).optional(),
  references: z.array(z.string().max(1_000)).max(500).default([]),
  subject: z.string().max(10_000).optional(),
  body: z.string().max(1_000_000).optional(),
  from: z.array(address).min(1, 'needs the sender: at least one entry').max(100),
  to: z.array(address).max(1_000).default([]),
  cc: z.array(address).max(1_000).default([]),
  bcc: z.array(address).max(1_000).default([]),
  date: z.iso.datetime({ offset: true }).optional(),
});
export type IncomingMessage = z.infer<typeof incomingMessageSchema>;

/** Files the message in the inbox and keeps it; answers the conversation, or undefined when already stored. */
export async function receiveMessage(models: MailhookModels, broker: MessageBroker, message: IncomingMessage): Promise<string | undefined> {
  const { integrationId } = message;
  // 1. A message already stored is skipped.
  if (await models.Message.exists({ inboxIntegrationId: integrationId, messageId: message.messageId })) return undefined;
  // 2. The sender is the first entry of `from` (the schema requires one).
  const sender = message.from[0]!.address.toLowerCase();
  const contactsId = await findOrCreateCustomer(models, broker, integrationId, sender);
  const createdAt = message.date ? new Date(message.date) : new Date();
  // 4. The related message's conversation, else a new one. The inbox is told either way ("create-or-update"),
  // so the conversation shows its latest message.
  const related = await relatedConversation(models, message);
  const conversationId = await fileInInbox(broker, { integrationId, customerId: contactsId, createdAt, conversationId: related }, message);
  // 5. The message is stored with its conversation.
  try {
    const { integrationId: inboxIntegrationId, date: _date, ...fields } = message;
    await models.Message.create({ ...fields, inboxIntegrationId, inboxConversationId: conversationId, createdAt });
  } catch (error) {
    // The same message sent twice at once: the first one stored it.
    if (!isDuplicateKeyError(error)) throw error;
  }
  return conversationId;
}

/** 3. Ours by e-mail, else contacts' by e-mail, else a new contacts customer; then ours remembers it. */
async function findOrCreateCustomer(models: MailhookModels, broker: MessageBroker, integrationId: string, email: string): Promise<string> {
  const known = await models.Customer.findOne({ inboxIntegrationId: integrationId, email }).lean();
  if (known) return known.contactsId;
  const found = await callPluginRPC(broker, customersFindOneQueue, 'contacts', { primaryEmail: email }, { timeoutMs: rpcTimeoutMs });
  const customer = found ?? (await callPluginRPC(broker, customersCreateQueue, 'contacts', { integrationId, primaryEmail: email }, { timeoutMs: rpcTimeoutMs }));
  await models.Customer.updateOne({ inboxIntegrationId: integrationId, email }, { $setOnInsert: { contactsId: customer._id } }, { upsert: true });
  return customer._id;
}

/** 4. The conversation of a stored message this one answers or is answered by. */
async function relatedConversation(models: MailhookModels, message: IncomingMessage): Promise<string | undefined> {
  const ids = [message.inReplyTo, ...message.references].filter((id): id is string => Boolean(id));
  const related = await models.Message.findOne({
    inboxIntegrationId: message.integrationId,
    $or: [{ messageId: { $in: ids } }, { references: { $in: [message.messageId, ...(message.inReplyTo ? [message.inReplyTo] : [])] } }],
  })
    .sort({ createdAt: 1 })
    .lean();
  return related?.inboxConversationId;
}

interface Filing {
  integrationId: string;
  customerId: string;
  createdAt: Date;
  conversationId: string | undefined;
}

async function fileInInbox(broker: MessageBroker, { integrationId, customerId, createdAt, conversationId }: Filing, message: IncomingMessage): Promise<string> {
  const content = message.subject ?? message.body ?? '';
  const conversation = await callPluginRPC(
    broker,
    integrationsReceiveQueue,
    'inbox',
    conversationReceiveMessage({
      integrationId,
      customerId,
      createdAt: createdAt.toISOString(),
      content,
      conversationId,
      searchText: `${message.from[0]?.address ?? ''} ${content}`.slice(0, 10_000),
    }),
    { timeoutMs: rpcTimeoutMs },
  );
  return conversation._id;
}
