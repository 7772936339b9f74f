import type { MessageModel } from '../models/message.js';
import type { MessageRecord } from '../models/records.js';

export interface ReplyThread {
  inReplyTo?: string;
  references: string[];
  subject: string;
  /** When the answered message was written (its sender's clock): a reply is never older than that. */
  answeredAt?: Date;
}

/** The most references a reply carries: the thread's first message and its latest ones (RFC 5322 allows trimming the middle). */
const maxReferences = 20;

/** `Re: <the thread's subject>`, without piling up prefixes. */
export function replySubject(subject: string | undefined): string {
  const bare = (subject ?? '').replace(/^\s*((re|aw|sv|fwd?)\s*:\s*)+/i, '').trim();
  return bare ? `Re: ${bare}` : 'Re: your message';
}

function trimReferences(references: string[]): string[] {
  if (references.length <= maxReferences) return references;
  return [references[0]!, ...references.slice(-(maxReferences - 1))];
}

/**
 * What a reply answers in its conversation: the message named by `inReplyTo` (or the latest one), with its
 * References plus its own Message-ID, and the subject of the thread's first message; the customer's mail
 * client threads it with these, and their answer names them back (SPEC.md rule 4).
 */
export async function replyThread(Message: MessageModel, inboxIntegrationId: string, conversationId: string, inReplyTo?: string | null): Promise<ReplyThread> {
  const fields = { messageId: 1, references: 1, subject: 1, createdAt: 1 };
  const inConversation = { inboxIntegrationId, inboxConversationId: conversationId };
  const [first, answered] = await Promise.all([
    Message.findOne(inConversation, fields).sort({ createdAt: 1, _id: 1 }).lean<MessageRecord>(),
    inReplyTo
      ? Message.findOne({ ...inConversation, messageId: inReplyTo }, fields).lean<MessageRecord>()
      : Message.findOne(inConversation, fields).sort({ createdAt: -1, _id: -1 }).lean<MessageRecord>(),
  ]);
  if (!answered) return { references: [], subject: replySubject(first?.subject) };
  return {
    inReplyTo: answered.messageId,
    references: trimReferences([...(answered.references ?? []).filter((id) => id !== answered.messageId), answered.messageId]),
    subject: replySubject(first?.subject ?? answered.subject),
    answeredAt: answered.createdAt,
  };
}
