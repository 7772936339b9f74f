import { InputError } from '@lattice/plugin-sdk';
import type { IntegrationRecord } from '../models/records.js';

export interface SmtpSettings {
  host: string;
  port: number;
  /** true: TLS from the start (465); false: plain, upgraded by STARTTLS when the server offers it. */
  tls: boolean;
  user?: string;
  password?: string;
  /** The account's address: the From of every reply. */
  from: string;
}

const looksLikeAddress = (value: string | undefined): value is string => Boolean(value && /^[^@\s]+@[^@\s]+$/.test(value));

/**
 * Where an integration's replies leave: its SMTP fields, each defaulting to the IMAP account's host and
 * credentials. An integration without a host or a sender address cannot send, and says which is missing.
 */
export function smtpSettings(integration: Partial<IntegrationRecord>): SmtpSettings {
  const host = integration.smtpHost || integration.host;
  if (!host) throw new InputError('This mailbox has no outgoing mail server, so replies cannot be sent: add one in its settings');
  const from = integration.email || integration.smtpUser || integration.user;
  if (!looksLikeAddress(from)) throw new InputError('This mailbox has no sender address, so replies cannot be sent: add one in its settings');
  const tls = integration.smtpTls ?? true;
  const user = integration.smtpUser || integration.user;
  const password = integration.smtpPassword || integration.password;
  return { host, port: integration.smtpPort ?? (tls ? 465 : 587), tls, from, ...(user && password ? { user, password } : {}) };
}
