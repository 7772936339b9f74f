import { sendMailQueue } from '@lattice/contracts';
import { callPluginRPC } from '@lattice/plugin-sdk';
import type { IntegrationRecord, MessageRecord, VisitorRecord } from '../models/load-models.js';
import type { MessengerRuntime } from '../runtime.js';

/** Whether an agent's reply to this visitor also goes out by mail: an address left while away, and a mail integration to send it. */
export function answeredByMail(integration: IntegrationRecord, visitor: VisitorRecord): boolean {
  return !!(visitor.answerByMail && visitor.email && integration.replyByMail);
}

/**
 * Sends the stored reply to the visitor's e-mail through the integration's mail integration
 * (`<kind>:sendMail`, over the broker), and records where it went and how that went on the message. A mail
 * plugin that is down or refuses leaves the mail `failed` with the reason; the reply stays in the widget.
 */
export async function mailReply(runtime: MessengerRuntime, integration: IntegrationRecord, visitor: VisitorRecord, reply: MessageRecord): Promise<NonNullable<MessageRecord['mail']>> {
  const { kind, integrationId } = integration.replyByMail!;
  const to = visitor.email!;
  let mail: NonNullable<MessageRecord['mail']>;
  try {
    const sent = await callPluginRPC(
      runtime.broker,
      sendMailQueue(kind),
      kind,
      { integrationId, to, subject: `${integration.brandName}: an answer to your message`, text: reply.body },
      { timeoutMs: 30_000 },
    );
    mail = sent.state === 'sent' ? { to, state: 'sent' } : { to, state: 'failed', error: sent.error ?? 'the mail server refused it' };
  } catch (error) {
    mail = { to, state: 'failed', error: `the ${kind} integration could not send it: ${(error as Error).message}` };
  }
  await runtime.models().Message.updateOne({ _id: reply._id }, { $set: { mail } });
  return mail;
}
