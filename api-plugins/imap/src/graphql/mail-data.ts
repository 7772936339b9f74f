import type { AddressEntry } from '../models/message.js';
import type { MessageRecord } from '../models/records.js';

function toNameEmail(list: AddressEntry[] | undefined) {
  return (list ?? []).map((entry) => ({ name: entry.name ?? '', email: entry.address }));
}

/**
 * SPEC.md `mailData`: stored {name, address} become {name, email}; a missing list is an empty list. Beyond
 * SPEC.md: `html` (a received mail's HTML part, as sent), `direction`, `createdAt`, and for a reply its `state`, `error`, author and key (which Retry sends again).
 */
export function mailData(message: MessageRecord) {
  return {
    messageId: message.messageId,
    from: toNameEmail(message.from),
    to: toNameEmail(message.to),
    cc: toNameEmail(message.cc),
    bcc: toNameEmail(message.bcc),
    subject: message.subject ?? '',
    body: message.body ?? '',
    ...(message.html ? { html: message.html } : {}),
    direction: message.direction ?? 'incoming',
    createdAt: message.createdAt.toISOString(),
    ...(message.direction === 'outgoing'
      ? { state: message.state ?? 'sent', error: message.error ?? null, authorUserId: message.authorUserId ?? null, idempotencyKey: message.idempotencyKey ?? null }
      : {}),
  };
}
