import type { SendMailPayload, SendMailReply } from '@lattice/contracts';
import { InputError } from '@lattice/plugin-sdk';
import type { IntegrationRecord } from '../models/records.js';
import type { ReplySender } from './send-reply.js';
import { smtpFailureReason } from './smtp-failure-reason.js';
import { smtpSettings } from './smtp-settings.js';

/**
 * `imap:sendMail`: one new mail from the integration's address over its SMTP server, for another plugin (the
 * messenger answering a visitor by mail). It is not a message of any imap conversation, so nothing is stored
 * here; the caller keeps what it sent and how that went.
 */
export async function sendMail(sender: ReplySender, payload: SendMailPayload): Promise<SendMailReply> {
  const integration = await sender.models().Integration.findOne({ inboxId: payload.integrationId }).lean<IntegrationRecord>();
  if (!integration) throw new InputError(`No imap integration has the id ${payload.integrationId}`);
  const settings = smtpSettings(integration);
  try {
    await sender.transports.send(integration.inboxId, settings, { from: settings.from, to: payload.to, subject: payload.subject, text: payload.text });
    return { state: 'sent', error: null };
  } catch (error) {
    return { state: 'failed', error: smtpFailureReason(error) };
  }
}
