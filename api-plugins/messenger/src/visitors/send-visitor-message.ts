import { conversationReceiveMessage, integrationsReceiveQueue, type WidgetSendPayload, type widgetSendQueue } from '@lattice/contracts';
import { callPluginRPC } from '@lattice/plugin-sdk';
import { Types } from 'mongoose';
import type { z } from 'zod';
import type { IntegrationRecord, MessageRecord, VisitorRecord } from '../models/load-models.js';
import type { StoredAttachment } from '../models/message.js';
import type { MessengerRuntime } from '../runtime.js';
import { withinWorkingHours } from '../settings/messenger-settings.js';
import { contactsCustomerId } from './contacts-customer.js';
import { findVisitor } from './find-visitor.js';
import { generateVisitorToken, hashVisitorToken } from './visitor-token.js';
import { widgetMessage } from './widget-view.js';

type SendReply = z.infer<(typeof widgetSendQueue)['reply']>;
type Refusal = Extract<SendReply, { refused: string }>;

const maxContentLength = 1_000;

/** Whether a page at `hostOrigin` may use the integration's widget (any, when no origins are configured). */
export function originAllowed(integration: Pick<IntegrationRecord, 'allowedOrigins'>, hostOrigin: string | null | undefined): boolean {
  const allowed = integration.allowedOrigins ?? [];
  return allowed.length === 0 || (!!hostOrigin && allowed.includes(hostOrigin));
}

function decodedAttachments(payload: WidgetSendPayload): StoredAttachment[] {
  return (payload.attachments ?? []).map((file) => {
    const content = Buffer.from(file.content, 'base64');
    return { filename: file.filename, contentType: file.contentType, size: content.length, content };
  });
}

/** Everything that can be refused, checked before anything is stored. */
function refusal(integration: IntegrationRecord | null, payload: WidgetSendPayload, attachments: StoredAttachment[], visitor: VisitorRecord | null): Refusal | null {
  if (!integration) return { refused: 'NOT_FOUND', reason: `No messenger integration has the id ${payload.integrationId}` };
  if (!originAllowed(integration, payload.hostOrigin)) {
    return { refused: 'FORBIDDEN', reason: `The messenger is not enabled on ${payload.hostOrigin ?? 'a page without an origin'}` };
  }
  if (payload.visitorToken && !visitor) return { refused: 'UNAUTHENTICATED', reason: 'This visitor token is not known here: start a new conversation' };
  if (!payload.body && attachments.length === 0) return { refused: 'BAD_USER_INPUT', reason: 'The message is empty' };
  const bytes = attachments.reduce((total, file) => total + file.size, 0);
  if (bytes > integration.maxAttachmentBytes) {
    return { refused: 'BAD_USER_INPUT', reason: `Attachments may be at most ${integration.maxAttachmentBytes} bytes together, these are ${bytes}` };
  }
  const email = payload.email ?? visitor?.email;
  if (!email && (integration.requireEmail || !withinWorkingHours(integration))) {
    return { refused: 'BAD_USER_INPUT', reason: 'Please leave your e-mail address so we can answer you' };
  }
  return null;
}

/**
 * `messenger:widget.send`: the visitor's message goes to the inbox like any integration's (SPEC.md's
 * `inbox:integrations.receive`), as a new conversation or the visitor's own one. The customer is the contacts
 * customer of the visitor's e-mail when one was left, else the visitor record itself. The Message is written
 * last; a refusal stores nothing.
 */
export async function sendVisitorMessage(runtime: MessengerRuntime, payload: WidgetSendPayload): Promise<SendReply> {
  const models = runtime.models();
  const integration = await models.Integration.findOne({ inboxId: payload.integrationId }).lean<IntegrationRecord>();
  const known = payload.visitorToken && integration ? await findVisitor(models, payload.integrationId, payload.visitorToken) : null;
  const attachments = decodedAttachments(payload);
  const refused = refusal(integration, payload, attachments, known);
  if (refused) return refused;

  const visitorToken = payload.visitorToken ?? generateVisitorToken();
  const visitorId = known ? String(known._id) : String(new Types.ObjectId());
  const email = payload.email ?? known?.email;
  const contactsId = email && email !== known?.email ? await contactsCustomerId(runtime.broker, payload.integrationId, email) : known?.contactsId;
  const createdAt = new Date();
  const content = (payload.body || attachments.map((file) => file.filename).join(', ')).slice(0, maxContentLength);
  const conversation = await callPluginRPC(
    runtime.broker,
    integrationsReceiveQueue,
    'inbox',
    conversationReceiveMessage({
      integrationId: payload.integrationId,
      customerId: contactsId ?? visitorId,
      createdAt: createdAt.toISOString(),
      content,
      searchText: [email, payload.body].filter(Boolean).join('\n'),
      ...(known?.inboxConversationId ? { conversationId: known.inboxConversationId } : {}),
    }),
    { timeoutMs: 10_000 },
  );

  // Nobody online to answer in the widget: the visitor's e-mail is where the answer goes.
  const answerByMail = !!email && !withinWorkingHours(integration!);
  const visitorFields = { inboxConversationId: conversation._id, ...(email ? { email, contactsId } : {}), ...(answerByMail ? { answerByMail } : {}) };
  if (known) await models.Visitor.updateOne({ _id: known._id }, { $set: visitorFields });
  else {
    await models.Visitor.create({
      _id: new Types.ObjectId(visitorId),
      inboxIntegrationId: payload.integrationId,
      tokenHash: hashVisitorToken(visitorToken),
      createdAt,
      ...visitorFields,
    });
  }
  const stored = await models.Message.create({
    inboxIntegrationId: payload.integrationId,
    inboxConversationId: conversation._id,
    visitorId,
    direction: 'incoming',
    body: payload.body,
    ...(attachments.length ? { attachments } : {}),
    createdAt,
  });
  const message = widgetMessage(stored.toObject<MessageRecord>());
  await runtime.events.toAgents({ inboxConversationId: conversation._id, type: 'message' });
  await runtime.events.toVisitor({ visitorId, event: { type: 'message', message } });
  return { visitorToken, visitorId, message };
}
