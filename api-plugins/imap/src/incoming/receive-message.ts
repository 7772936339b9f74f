import { createHash } from 'node:crypto';
import type { MessageBroker } from '@lattice/broker';
import { conversationReceiveMessage, integrationsReceiveQueue } from '@lattice/contracts';
import { isDuplicateKeyError } from '@lattice/plugin-sdk';
import { callPlugin } from './call-plugin.js';
import { findOrCreateCustomer } from './find-or-create-customer.js';
import type { IncomingMessage } from './incoming-message.js';
import type { IncomingStore } from './incoming-store.js';
import type { HeldClaim } from './message-claims.js';
import type { AnnounceStored } from './message-stored-channel.js';
import { assertStorable } from './storable-size.js';
import type { StoredNeighbours } from './stored-neighbours.js';

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
 * The same for every delivery of the message: a delivery after one whose inbox answer was lost (or a request
 * the broker redelivered) gets the conversation already filed for it instead of a second one.
 */
function receiveKey(inboxIntegrationId: string, messageId: string): string {
  return createHash('sha256').update(`${inboxIntegrationId}\n${messageId}`).digest('base64url');
}

/**
 * SPEC.md "Rules of the incoming-message flow", 1 to 5, storing a message whole or not at all. The message is
 * claimed by its Message-ID before anything is created for it, so concurrent copies give one conversation
 * and one message. If a delivery fails midway, what it created is reused by the next delivery: the local
 * Customer and the contacts one are found by e-mail, the conversation is recorded on the claim. The Message
 * record is written last: nothing marks the message received until it is whole. Only then is it announced
 * (`announce`, the `imapMessageStored` subscription): the inbox's `conversationChanged`, published while the
 * conversation is filed, comes before the imap view could list the message.
 */
export async function receiveMessage(
  store: IncomingStore,
  broker: MessageBroker,
  inboxIntegrationId: string,
  message: IncomingMessage,
  announce: AnnounceStored,
): Promise<ReceiveOutcome> {
  assertStorable(message);
  const { duplicate, related } = await store.findNeighbours(inboxIntegrationId, message);
  if (duplicate) return { status: 'skipped' };
  const claimed = await store.claims.claim(inboxIntegrationId, message.messageId);
  if (claimed.status === 'stored') return { status: 'skipped' };
  try {
    return await storeClaimed(store, broker, inboxIntegrationId, message, related, claimed.claim, announce);
  } catch (error) {
    // Best effort: a claim that cannot be released now is free again once its lease runs out.
    await store.claims.release(claimed.claim).catch(() => undefined);
    throw error;
  }
}

async function storeClaimed(
  store: IncomingStore,
  broker: MessageBroker,
  inboxIntegrationId: string,
  message: IncomingMessage,
  related: StoredNeighbours['related'],
  claim: HeldClaim,
  announce: AnnounceStored,
): Promise<ReceiveOutcome> {
  const sender = message.from[0]!;
  const customer = await findOrCreateCustomer(store, broker, inboxIntegrationId, sender.address);
  const createdAt = message.date ?? new Date();

  let conversationId = claim.inboxConversationId;
  if (!conversationId) {
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
        receiveKey: receiveKey(inboxIntegrationId, message.messageId),
        ...(related ? { conversationId: related.inboxConversationId } : {}),
      }),
    );
    conversationId = conversation._id;
    await store.claims.recordConversation(claim, conversationId);
  }

  let stored;
  try {
    stored = await store.insertMessage({
      inboxIntegrationId,
      inboxConversationId: conversationId,
      createdAt,
      messageId: message.messageId,
      inReplyTo: message.inReplyTo,
      references: message.references,
      subject: message.subject,
      body: message.body,
      html: message.html,
      from: message.from,
      to: message.to,
      cc: message.cc,
      bcc: message.bcc,
    });
  } catch (error) {
    // Stored meanwhile by a delivery that took the claim over after this one outlived its lease.
    if (isDuplicateKeyError(error) && (await store.isStored(inboxIntegrationId, message.messageId))) return { status: 'skipped' };
    throw error;
  }
  await announce({ _id: String(stored._id), inboxConversationId: conversationId });
  return { status: 'stored', conversationId, customerId: customer.contactsId };
}
