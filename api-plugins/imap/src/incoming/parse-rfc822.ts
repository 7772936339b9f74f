import { InputError } from '@lattice/plugin-sdk';
import { simpleParser, type AddressObject } from 'mailparser';
import { z } from 'zod';
import { incomingMessageSchema, type IncomingMessage } from './incoming-message.js';

function addresses(field: AddressObject | AddressObject[] | undefined) {
  if (!field) return undefined;
  const objects = Array.isArray(field) ? field : [field];
  return objects.flatMap((object) =>
    object.value.filter((entry) => entry.address).map((entry) => ({ name: entry.name || undefined, address: entry.address })),
  );
}

/** A raw RFC 822 message (as POST /receive or the mailbox delivers it) as the flow's message. */
export async function parseRfc822(source: Buffer): Promise<IncomingMessage> {
  if (source.length === 0) throw new InputError('The RFC 822 message is empty');
  let parsed;
  try {
    parsed = await simpleParser(source, { skipImageLinks: true, skipTextToHtml: true });
  } catch (error) {
    throw new InputError(`The RFC 822 message cannot be parsed: ${(error as Error).message}`);
  }
  if (!parsed.messageId) throw new InputError('The message has no Message-ID header');
  const from = addresses(parsed.from);
  if (!from?.length) throw new InputError('The message has no From address');
  const result = incomingMessageSchema.safeParse({
    messageId: parsed.messageId,
    inReplyTo: parsed.inReplyTo,
    references: parsed.references,
    subject: parsed.subject,
    body: parsed.text ?? '',
    // The HTML part as sent: the UI sanitises it and shows it in a frame without scripts.
    html: parsed.html || undefined,
    from,
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    bcc: addresses(parsed.bcc),
    date: parsed.date,
  });
  if (!result.success) throw new InputError(`The message is not usable: ${z.prettifyError(result.error)}`);
  return result.data;
}
