import type { CreateIntegrationPayload, CreateIntegrationReply } from '@lattice/contracts';
import { InputError, isDuplicateKeyError } from '@lattice/plugin-sdk';
import { z } from 'zod';
import { generateWebhookToken, hashWebhookToken } from '../http/webhook-token.js';
import type { ImapRuntime } from '../runtime.js';
import { mailboxSettings } from '../sync/mail-sync.js';
import { checkMailHost } from './check-mail-host.js';

/** The IMAP account fields of `doc`, checked; any other field is kept as it is (SPEC.md). */
const docSchema = z
  .object({
    host: z.string().trim().min(1).max(255).optional(),
    port: z.coerce.number().int().min(1).max(65_535).optional(),
    tls: z.boolean().optional(),
    user: z.string().min(1).max(1_000).optional(),
    password: z.string().min(1).max(1_000).optional(),
    mailbox: z.string().min(1).max(1_000).optional(),
    email: z.email({ error: 'email must be the address replies are sent from' }).optional(),
    smtpHost: z.string().trim().min(1).max(255).optional(),
    smtpPort: z.coerce.number().int().min(1).max(65_535).optional(),
    smtpTls: z.boolean().optional(),
    smtpUser: z.string().min(1).max(1_000).optional(),
    smtpPassword: z.string().min(1).max(1_000).optional(),
    webhookOnly: z.boolean().optional(),
  })
  .passthrough();

/** What an IMAP account is made of: a webhook-only integration has none of it. */
const mailboxFields = ['host', 'port', 'tls', 'user', 'password', 'mailbox'] as const;

/**
 * "Receive by webhook only": mail arrives at POST /receive alone, so no mail server is asked for or logged in
 * to; its fields given anyway are refused rather than kept unused. SMTP for replies stays optional.
 */
function assertWebhookOnlyShape(doc: z.infer<typeof docSchema>): void {
  if (!doc.webhookOnly) return;
  const given = mailboxFields.filter((field) => doc[field] !== undefined);
  if (given.length > 0) throw new InputError(`A webhook-only integration has no IMAP account: leave out ${given.join(', ')}`);
}

/** The hosts the integration would connect to: its IMAP host, and its SMTP host when that is another one. */
async function checkMailHosts(runtime: ImapRuntime, doc: z.infer<typeof docSchema>): Promise<void> {
  const { allowPrivateHosts } = runtime.config;
  if (doc.host) await checkMailHost('IMAP host', doc.host, allowPrivateHosts);
  if (doc.smtpHost && doc.smtpHost !== doc.host) await checkMailHost('SMTP host', doc.smtpHost, allowPrivateHosts);
}

/**
 * SPEC.md `imap:createIntegration`: the Integration record (inboxId plus doc), then, when doc holds an IMAP
 * account, the mailbox listener. If the server refuses, the record goes again and the reply is its reason.
 * With `webhookOnly: true` there is no account to check: the token comes back at once.
 */
export async function createIntegration(runtime: ImapRuntime, payload: CreateIntegrationPayload): Promise<CreateIntegrationReply> {
  const parsed = docSchema.safeParse(payload.doc ?? {});
  if (!parsed.success) throw new InputError(`The imap integration's doc is not usable: ${z.prettifyError(parsed.error)}`);
  assertWebhookOnlyShape(parsed.data);
  const doc = Object.fromEntries(Object.entries(parsed.data).filter(([key]) => !['inboxId', 'webhookTokenHash', '_id'].includes(key)));
  const settings = mailboxSettings(doc);
  await checkMailHosts(runtime, parsed.data);
  const webhookToken = generateWebhookToken();
  const { Integration, Message, Customer, MessageClaim } = runtime.models();
  let created;
  try {
    created = await Integration.create({
      ...doc,
      inboxId: payload.integrationId,
      webhookTokenHash: hashWebhookToken(webhookToken),
      createdAt: new Date(),
    });
  } catch (error) {
    if (isDuplicateKeyError(error)) throw new InputError(`An imap integration for ${payload.integrationId} already exists`);
    throw error;
  }
  runtime.integrations.forget(payload.integrationId);
  if (settings) {
    try {
      await runtime.sync.start(payload.integrationId, settings);
    } catch (error) {
      await Promise.all([
        Integration.deleteOne({ _id: created._id }),
        Message.deleteMany({ inboxIntegrationId: payload.integrationId }),
        Customer.deleteMany({ inboxIntegrationId: payload.integrationId }),
        MessageClaim.deleteMany({ inboxIntegrationId: payload.integrationId }),
      ]);
      throw error;
    }
    // SPEC.md: the start of a mailbox's sync is an entry of the activity log (of type info).
    runtime.activityLog.record({ action: 'syncStarted', contentType: 'imapIntegration', contentId: String(created._id), changes: { syncing: { before: false, after: true } } });
  }
  return { status: 'success', webhookToken };
}
