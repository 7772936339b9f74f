import { z } from 'zod';
import { plainQueue, rpcQueue } from '../queue-contract.js';

const objectIdText = z.string().regex(/^[0-9a-fA-F]{24}$/, 'must be a 24-character hexadecimal id');

/** What an integration asks the inbox to file: SPEC.md's payload, plus the conversation to update if known. */
export const conversationPayloadSchema = z.object({
  integrationId: objectIdText,
  customerId: z.string().min(1),
  createdAt: z.iso.datetime({ offset: true }),
  content: z.string(),
  conversationId: objectIdText.optional(),
  /**
   * The integration picked `conversationId` for a new thread: the inbox tries to open it first, instead of first
   * looking for it to update. A hint for speed only: the answer is the same either way.
   */
  startsConversation: z.boolean().optional(),
  /** What the inbox's search finds the conversation by for this message: sender, subject, body. */
  searchText: z.string().max(10_000).optional(),
  /**
   * The same for every delivery of one message (the integration derives it from the message): a request the
   * inbox already handled, whose answer was lost, answers the conversation it filed instead of filing again.
   */
  receiveKey: z.string().min(1).max(200).optional(),
});
export type ConversationPayload = z.infer<typeof conversationPayloadSchema>;

/** SPEC.md carries the payload as JSON text; this reads that text and checks what it holds. */
export const conversationPayloadTextSchema = z
  .string()
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'payload is not JSON text' });
      return z.NEVER;
    }
  })
  .pipe(conversationPayloadSchema);

export const integrationsReceivePayloadSchema = z.object({
  action: z.literal('create-or-update-conversation'),
  payload: conversationPayloadTextSchema,
});

/** Builds the message the sender puts on the wire (payload as JSON text). */
export function conversationReceiveMessage(payload: ConversationPayload) {
  return { action: 'create-or-update-conversation' as const, payload: JSON.stringify(payload) };
}

/** `inbox:integrations.receive`: creates (or updates) a conversation and answers its `_id`. */
export const integrationsReceiveQueue = rpcQueue(
  'inbox:integrations.receive',
  integrationsReceivePayloadSchema,
  z.object({ _id: z.string() }),
);

export const integrationKindSchema = z.object({
  kind: z.string().regex(/^[a-z][a-z0-9-]*$/, 'must be the integration plugin name'),
  label: z.string().min(1),
});
export type IntegrationKind = z.infer<typeof integrationKindSchema>;

/** How often a running integration plugin announces its kind again. */
export const integrationKindAnnounceIntervalMs = 30_000;
/** The inbox offers a kind announced within this long: a plugin that stopped, crashed or was disabled drops out. */
export const integrationKindAvailableForMs = 3 * integrationKindAnnounceIntervalMs;

/**
 * `inbox:integrations.announceKind`: a running integration plugin tells the inbox the `meta.inboxIntegration`
 * it was enabled with, at start-up and every `integrationKindAnnounceIntervalMs`, with the time it said so. A
 * plain (durable) queue, so it waits for an inbox that starts later; the time keeps an old announcement
 * from making a stopped plugin look available. `reply`: whether the plugin consumes `<kind>:sendReply` (its host
 * tells, so a plugin cannot get it wrong); a kind without it is refused replies at once, with the reason.
 * Absent (a host from before it was sent): replies are tried.
 */
export const integrationsAnnounceKindQueue = plainQueue(
  'inbox:integrations.announceKind',
  integrationKindSchema.extend({ announcedAt: z.iso.datetime({ offset: true }).optional(), reply: z.boolean().optional() }),
);

export const conversationsMoveCustomerPayloadSchema = z.object({
  fromCustomerId: objectIdText,
  toCustomerId: objectIdText,
  /** Only these conversations (of fromCustomerId): how a caller undoes a move it could not finish. */
  conversationIds: z.array(objectIdText).max(100_000).optional(),
});
export type ConversationsMoveCustomerPayload = z.infer<typeof conversationsMoveCustomerPayloadSchema>;

/**
 * `inbox:conversations.moveCustomer`: gives the conversations of one customer to another (contacts merging
 * two customers that are one person) and answers the ids of those moved. Asked again it moves none twice.
 */
export const conversationsMoveCustomerQueue = rpcQueue(
  'inbox:conversations.moveCustomer',
  conversationsMoveCustomerPayloadSchema,
  z.object({ movedIds: z.array(z.string()) }),
);
