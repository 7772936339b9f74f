import { z } from 'zod';
import { rpcQueue } from '../queue-contract.js';

const objectIdText = z.string().regex(/^[0-9a-fA-F]{24}$/, 'must be a 24-character hexadecimal id');

/** The longest reply body an integration is asked to send, in characters. */
export const maxReplyBodyLength = 50_000;
/** The most an integration is asked to attach to one reply, decoded. */
export const maxReplyAttachmentBytes = 10 * 1024 * 1024;

export const replyAttachmentSchema = z.object({
  filename: z.string().trim().min(1).max(255),
  contentType: z.string().trim().min(1).max(255),
  /** The file's bytes, base64. */
  content: z.base64(),
});
export type ReplyAttachment = z.infer<typeof replyAttachmentSchema>;

export const sendReplyPayloadSchema = z.object({
  integrationId: objectIdText,
  conversationId: objectIdText,
  /** The conversation's customer (its `_id` in contacts): whom the reply goes to. */
  customerId: z.string().min(1),
  body: z.string().trim().min(1, 'the reply must not be empty').max(maxReplyBodyLength, `the reply must be at most ${maxReplyBodyLength} characters`),
  attachments: z
    .array(replyAttachmentSchema)
    .max(20)
    .refine(
      (files) => files.reduce((total, file) => total + Math.floor((file.content.length * 3) / 4), 0) <= maxReplyAttachmentBytes,
      `attachments must be at most ${maxReplyAttachmentBytes} bytes together`,
    )
    .optional(),
  /** The integration's id of the message answered (for mail a Message-ID); absent: the conversation's latest. */
  inReplyTo: z.string().min(1).max(1_000).nullish(),
  /**
   * Chosen by the client once per reply it composes: the same key again (a double click, a retried request,
   * the Retry of a failed reply) never sends a second message; it answers the stored one, sending it again
   * only if it failed.
   */
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,128}$/, 'idempotencyKey must be 8-128 letters, digits, - or _'),
  /** The user who writes, stored as the reply's author. */
  author: z.object({ userId: z.string().min(1), name: z.string().nullish(), email: z.string().nullish() }),
});
export type SendReplyPayload = z.infer<typeof sendReplyPayloadSchema>;

export const replyStates = ['sending', 'sent', 'failed'] as const;
export type ReplyState = (typeof replyStates)[number];

export const sendReplyReplySchema = z.object({
  /** The stored reply's id in the integration. */
  _id: z.string(),
  state: z.enum(replyStates),
  /** Why the channel refused it, when `failed`. */
  error: z.string().nullish(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type SendReplyReply = z.infer<typeof sendReplyReplySchema>;

/**
 * `<kind>:sendReply`, consumed by the integration plugin named `kind`: stores the reply as a message of the
 * conversation (outgoing, author = the user) and sends it through the channel. A channel that refuses or is
 * down is not an error reply: the reply is kept as `failed` with the reason. Error replies are for what can
 * never be sent (an unknown integration or customer); nothing is stored for those. The integration sends for the
 * user who writes, who needs inbox's `replyToConversations`.
 */
export function sendReplyQueue(kind: string) {
  return rpcQueue(`${kind}:sendReply`, sendReplyPayloadSchema, sendReplyReplySchema, { actsFor: 'inbox:replyToConversations' });
}

export const sendMailPayloadSchema = z.object({
  /** The mail integration (its inbox id) whose address and server the mail leaves from. */
  integrationId: objectIdText,
  to: z.email({ error: 'to must be an e-mail address' }),
  subject: z.string().trim().min(1).max(500),
  text: z.string().trim().min(1).max(maxReplyBodyLength),
});
export type SendMailPayload = z.infer<typeof sendMailPayloadSchema>;

export const sendMailReplySchema = z.object({
  state: z.enum(['sent', 'failed']),
  /** Why the mail server refused it (or could not be reached), when `failed`. */
  error: z.string().nullish(),
});
export type SendMailReply = z.infer<typeof sendMailReplySchema>;

/**
 * `<kind>:sendMail`, consumed by a mail integration plugin (imap): one new mail from the integration's address,
 * outside any thread of its own (the messenger answers a visitor who left an e-mail through it). A server that
 * refuses is `failed` with its reason; an unknown integration or one that cannot send is an error reply. It sends
 * for the user who answers (the message's actor), who needs inbox's `replyToConversations`, as for sendReply.
 */
export function sendMailQueue(kind: string) {
  return rpcQueue(`${kind}:sendMail`, sendMailPayloadSchema, sendMailReplySchema, { actsFor: 'inbox:replyToConversations' });
}
