import type { VisitorView } from '@lattice/contracts';
import type { IntegrationRecord, MessageRecord } from '../models/load-models.js';
import type { MessengerRuntime } from '../runtime.js';
import { withinWorkingHours } from '../settings/messenger-settings.js';
import { contactsCustomerId } from './contacts-customer.js';
import { findVisitor } from './find-visitor.js';
import { widgetMessage } from './widget-view.js';

interface VisitorRequest {
  integrationId: string;
  visitorToken: string;
}

/** `messenger:widget.conversation`: the visitor's own messages, oldest first; null for a token that is no visitor. */
export async function visitorConversation(runtime: MessengerRuntime, request: VisitorRequest): Promise<VisitorView | null> {
  const models = runtime.models();
  const visitor = await findVisitor(models, request.integrationId, request.visitorToken);
  if (!visitor) return null;
  const messages = visitor.inboxConversationId
    ? await models.Message.find({ inboxConversationId: visitor.inboxConversationId }, { 'attachments.content': 0 }).sort({ createdAt: 1, _id: 1 }).lean<MessageRecord[]>()
    : [];
  return { visitorId: String(visitor._id), email: visitor.email ?? null, messages: messages.map(widgetMessage) };
}

/**
 * `messenger:widget.email`: the visitor leaves an e-mail; it becomes (or finds) the contacts customer, and, left
 * outside working hours, the address the agents' replies also go to (through the integration's `replyByMail`).
 */
export async function leaveEmail(runtime: MessengerRuntime, request: VisitorRequest & { email: string }): Promise<boolean> {
  const models = runtime.models();
  const visitor = await findVisitor(models, request.integrationId, request.visitorToken);
  if (!visitor) return false;
  const contactsId = await contactsCustomerId(runtime.broker, request.integrationId, request.email);
  const integration = await models.Integration.findOne({ inboxId: request.integrationId }).lean<IntegrationRecord>();
  // Left while nobody is online: the agents' replies go to this address too.
  const answerByMail = !!integration && !withinWorkingHours(integration);
  await models.Visitor.updateOne({ _id: visitor._id }, { $set: { email: request.email, contactsId, ...(answerByMail ? { answerByMail } : {}) } });
  if (visitor.inboxConversationId) await runtime.events.toAgents({ inboxConversationId: visitor.inboxConversationId, type: 'message' });
  return true;
}

/** `messenger:widget.typing`: told to the agents viewing the visitor's conversation. */
export async function visitorTyping(runtime: MessengerRuntime, request: VisitorRequest & { typing: boolean }): Promise<boolean> {
  const visitor = await findVisitor(runtime.models(), request.integrationId, request.visitorToken);
  if (!visitor) return false;
  if (visitor.inboxConversationId) await runtime.events.toAgents({ inboxConversationId: visitor.inboxConversationId, type: 'typing', typing: request.typing });
  return true;
}

/** `messenger:widget.read`: the agents' messages so far are read; their view shows it. */
export async function visitorRead(runtime: MessengerRuntime, request: VisitorRequest): Promise<boolean> {
  const models = runtime.models();
  const visitor = await findVisitor(models, request.integrationId, request.visitorToken);
  if (!visitor) return false;
  if (!visitor.inboxConversationId) return true;
  const readAt = new Date();
  const { modifiedCount } = await models.Message.updateMany(
    { inboxConversationId: visitor.inboxConversationId, direction: 'outgoing', readAt: { $exists: false } },
    { $set: { readAt } },
  );
  if (modifiedCount > 0) await runtime.events.toAgents({ inboxConversationId: visitor.inboxConversationId, type: 'read', readAt: readAt.toISOString() });
  return true;
}
