import { createHash } from 'node:crypto';
import type { MessageBroker } from '@lattice/broker';
import { conversationReceiveMessage, integrationsReceiveQueue } from '@lattice/contracts';
import type { MessageRecord } from '../models/records.js';
import { callPlugin } from './call-plugin.js';
import { findOrCreateCustomer } from './find-or-create-customer.js';
import type { IncomingStore } from './incoming-store.js';
import type { AnnounceStored } from './message-stored-channel.js';

export interface FiledMessage {
  conversationId: string;
  customerId: string;
}

const maxContentLength = 1_000;
const maxSearchTextLength = 2_000;

type MessageText = Pick<MessageRecord, 'subject' | 'body' | 'from'>;

/** What the conversation list shows for a message: its subject, or the start of its text. */
function conversationContent(message: MessageText): string {
  const text = message.subject?.trim() || message.body?.trim() || '';
  return text.slice(0, maxContentLength);
}

/** What the inbox's search finds the message by: who sent it, its subject and its text. */
function searchText(message: MessageText): string {
  const sender = message.from[0]!;
  return [sender.name, sender.address, message.subject, message.body].filter(Boolean).join('\n').slice(0, maxSearchTextLength);
}

/**
 * The same for every delivery of the message: a delivery after one whose inbox answer was lost (or a request
 * the broker redelivered) gets the conversation already filed for it instead of a second one.
 */
function receiveKey(inboxIntegrationId: string, messageId: string): string {
  return createHash('sha256').update(`${inboxIntegrationId}\n${messageId}`).digest('base64url');
}

/**
 * The second half of receiving a message (SPEC.md rule 3, and rule 4's request to the inbox), for a message
 * already stored with the conversation id it belongs in: the customer is found or created, the inbox files
 * the conversation under that id (creating it when it is new), and only then is the message marked filed and
 * announced. Safe to run again, and concurrently: the customer is found by e-mail, the inbox answers the
 * same receiveKey with the conversation it filed, and only the delivery that marks the message announces it.
 * `startsConversation`: this delivery picked the message's conversation id for a new thread (the inbox then
 * opens it with one write); a later filing of the same message does not know, and the inbox finds out itself.
 */
export async function fileStoredMessage(
  store: IncomingStore,
  broker: MessageBroker,
  message: MessageRecord,
  announce: AnnounceStored,
  options: { startsConversation?: boolean } = {},
): Promise<FiledMessage> {
  const { inboxIntegrationId } = message;
  const customer = await findOrCreateCustomer(store, broker, inboxIntegrationId, message.from[0]!.address);
  const conversation = await callPlugin(
    broker,
    integrationsReceiveQueue,
    'inbox',
    conversationReceiveMessage({
      integrationId: inboxIntegrationId,
      customerId: customer.contactsId,
      createdAt: message.createdAt.toISOString(),
      content: conversationContent(message),
      searchText: searchText(message),
      receiveKey: receiveKey(inboxIntegrationId, message.messageId),
      conversationId: message.inboxConversationId,
      ...(options.startsConversation ? { startsConversation: true } : {}),
    }),
  );
  if (await store.markFiled(message._id, conversation._id)) {
    await announce({ _id: String(message._id), inboxConversationId: conversation._id });
  }
  return { conversationId: conversation._id, customerId: customer.contactsId };
}
