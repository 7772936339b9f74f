import type { MessageBroker } from '@lattice/broker';
import { conversationReceiveMessage, integrationsReceiveQueue } from '@lattice/contracts';
import { isDuplicateKeyError } from '@lattice/plugin-sdk';
import { callPlugin } from './call-plugin.js';
import { findOrCreateCustomer } from './find-or-create-customer.js';
import type { IncomingMessage } from './incoming-message.js';
import type { IncomingStore } from './incoming-store.js';

export type ReceiveOutcome = { status: 'stored'; conversationId: string; customerId: string } | { status: 'skipped' };

const maxContentLength = 1_000;
const maxSearchTextLength = 2_000;

/** What the conversation list shows for a message: its subject, or the start of its text. */
function conversationContent(message: IncomingMessage): string {
  const text = message.subject?.trim() || message.body?.trim() || '';
  return text.slice(0, maxContentLength);
}

/** What the inbox's search finds the message by: who sent it, its subject and its text. */
function searchText(message: IncomingMessage): string {
  const sender = message.from[0]!;
  return [sender.name, sender.address, message.subject, message.body].filter(Boolean).join('\n').slice(0, maxSearchTextLength);
}

/**
 * SPEC.md "Rules of the incoming-message flow", 1 to 5. The Message record is written last: if contacts
 * or the inbox fail midway nothing marks the message as received, so delivering it again works.
 */
export async function receiveMessage(
  store: IncomingStore,
  broker: MessageBroker,
  inboxIntegrationId: string,
  message: IncomingMessage,
): Promise<ReceiveOutcome> {
  const { duplicate, related } = await store.findNeighbours(inboxIntegrationId, message);
  if (duplicate) return { status: 'skipped' };

  const sender = message.from[0]!;
  const customer = await findOrCreateCustomer(store, broker, inboxIntegrationId, sender.address);
  const createdAt = message.date ?? new Date();

  const conversation = await callPlugin(
    broker,
    integrationsReceiveQueue,
    'inbox',
    conversationReceiveMessage({
      integrationId: inboxIntegrationId,
      customerId: customer.contactsId,
      createdAt: createdAt.toISOString(),
      content: conversationContent(message),
      searchText: searchText(message),
      ...(related ? { conversationId: related.inboxConversationId } : {}),
    }),
  );

  try {
    await store.insertMessage({
      inboxIntegrationId,
      inboxConversationId: conversation._id,
      createdAt,
      messageId: message.messageId,
      inReplyTo: message.inReplyTo,
      references: message.references,
      subject: message.subject,
      body: message.body,
      from: message.from,
      to: message.to,
      cc: message.cc,
      bcc: message.bcc,
    });
  } catch (error) {
    // The same message delivered twice at once: the other delivery stored it.
    if (isDuplicateKeyError(error)) return { status: 'skipped' };
    throw error;
  }
  return { status: 'stored', conversationId: conversation._id, customerId: customer.contactsId };
}
