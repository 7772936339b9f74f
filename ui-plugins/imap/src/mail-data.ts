import { isJsonObject } from './json-object.js';

/** One address of a stored mail, as `imapConversationDetail`'s `mailData` lists them. */
export interface MailAddress {
  name: string;
  email: string;
}

export type ReplyState = 'sending' | 'sent' | 'failed';

/** A reply the users sent: where its sending stands, why it failed, and the key Retry sends it again by. */
export interface OutgoingMail {
  state: ReplyState;
  error: string;
  idempotencyKey: string;
}

/** SPEC.md `mailData`: what one stored mail holds; `outgoing` only for replies. */
export interface MailData {
  messageId: string;
  from: MailAddress[];
  to: MailAddress[];
  cc: MailAddress[];
  bcc: MailAddress[];
  subject: string;
  body: string;
  /** The HTML part of a received mail, as sent ('' when it has none): shown only sanitised. */
  html: string;
  createdAt: string;
  outgoing: OutgoingMail | null;
}

const replyStates: readonly ReplyState[] = ['sending', 'sent', 'failed'];

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function addressesOf(value: unknown): MailAddress[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isJsonObject).map((entry) => ({ name: text(entry.name), email: text(entry.email) }));
}

// mailData is a JSON scalar: nothing in the schema promises its shape, so a missing or odd key becomes
// empty rather than breaking the view.
export function mailDataOf(value: unknown): MailData {
  const data = isJsonObject(value) ? value : {};
  return {
    messageId: text(data.messageId),
    from: addressesOf(data.from),
    to: addressesOf(data.to),
    cc: addressesOf(data.cc),
    bcc: addressesOf(data.bcc),
    subject: text(data.subject),
    body: text(data.body),
    html: text(data.html),
    createdAt: text(data.createdAt),
    outgoing:
      data.direction === 'outgoing'
        ? {
            state: replyStates.includes(data.state as ReplyState) ? (data.state as ReplyState) : 'sent',
            error: text(data.error),
            idempotencyKey: text(data.idempotencyKey),
          }
        : null,
  };
}

/** `Name <email>`, or just the one of the two that is there. */
export function formatAddress({ name, email }: MailAddress): string {
  const trimmedName = name.trim();
  const trimmedEmail = email.trim();
  if (trimmedName && trimmedEmail) return `${trimmedName} <${trimmedEmail}>`;
  return trimmedName || trimmedEmail;
}

/** Every address of a list, formatted, joined by ", ". */
export function formatAddressList(addresses: MailAddress[]): string {
  return addresses.map(formatAddress).filter(Boolean).join(', ');
}
