import type { MessageBroker } from '@lattice/broker';
import { isDuplicateKeyError } from '@lattice/plugin-sdk';
import { Types } from 'mongoose';
import { fileStoredMessage } from './file-stored-message.js';
import type { IncomingMessage } from './incoming-message.js';
import type { IncomingStore } from './incoming-store.js';
import type { AnnounceStored } from './message-stored-channel.js';
import { assertStorable } from './storable-size.js';

export type ReceiveOutcome = { status: 'stored'; conversationId: string; customerId: string } | { status: 'skipped' };

/**
 * SPEC.md "Rules of the incoming-message flow", 1 to 5, storing a message whole or not at all. The message is
 * claimed by its Message-ID before anything is stored for it, so concurrent copies give one conversation
 * and one message. The Message record is written first, with the conversation it belongs in (a related
 * message's, or a new id this plugin picks), marked not yet filed; only then are the customer and the inbox
 * asked (file-stored-message.ts), so the inbox never shows a conversation whose message is not stored. A
 * delivery that fails after the record was written leaves it unfiled: rule 1 then does not skip the next
 * delivery of it but files it, and a sweep files those whose sender gave up (file-unfiled-messages.ts).
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
  if (duplicate) return fileIfUnfiled(store, broker, inboxIntegrationId, message, announce);
  const claimed = await store.claims.claim(inboxIntegrationId, message.messageId);
  if (claimed.status === 'stored') return fileIfUnfiled(store, broker, inboxIntegrationId, message, announce);
  // A claim recorded by a delivery from before stored-first filing names the conversation it already filed.
  const knownConversationId = claimed.claim.inboxConversationId ?? related?.inboxConversationId;
  let stored;
  try {
    stored = await storeClaimed(store, inboxIntegrationId, message, knownConversationId ?? new Types.ObjectId().toHexString());
  } catch (error) {
    // Best effort: a claim that cannot be released now is free again once its lease runs out.
    await store.claims.release(claimed.claim).catch(() => undefined);
    throw error;
  }
  if (!stored) return fileIfUnfiled(store, broker, inboxIntegrationId, message, announce);
  const startsConversation = knownConversationId === undefined;
  return { status: 'stored', ...(await fileStoredMessage(store, broker, stored, announce, { startsConversation })) };
}

/** Rule 1, without stranding a message an earlier delivery stored but could not file. */
async function fileIfUnfiled(
  store: IncomingStore,
  broker: MessageBroker,
  inboxIntegrationId: string,
  message: IncomingMessage,
  announce: AnnounceStored,
): Promise<ReceiveOutcome> {
  const unfiled = await store.findUnfiled(inboxIntegrationId, message.messageId);
  if (!unfiled) return { status: 'skipped' };
  return { status: 'stored', ...(await fileStoredMessage(store, broker, unfiled, announce)) };
}

/** The Message record, not yet filed; null when a delivery that took the claim over stored it meanwhile. */
async function storeClaimed(
  store: IncomingStore,
  inboxIntegrationId: string,
  message: IncomingMessage,
  conversationId: string,
) {
  try {
    return await store.insertMessage({
      inboxIntegrationId,
      inboxConversationId: conversationId,
      createdAt: message.date ?? new Date(),
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
      unfiledSince: new Date(),
    });
  } catch (error) {
    // Stored meanwhile by a delivery that took the claim over after this one outlived its lease.
    if (isDuplicateKeyError(error) && (await store.isStored(inboxIntegrationId, message.messageId))) return null;
    throw error;
  }
}
