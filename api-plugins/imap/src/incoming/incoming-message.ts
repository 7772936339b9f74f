import { z } from 'zod';

/** Message ids compare in their RFC 5322 form, `<local@domain>`, whichever way a message arrived. */
export function normaliseMessageId(id: string): string {
  const trimmed = id.trim();
  return trimmed.startsWith('<') ? trimmed : `<${trimmed}>`;
}

const messageId = z.string().trim().min(1, 'messageId must not be empty').max(1_000).transform(normaliseMessageId);

const address = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: (issue) => `"${String(issue.input)}" is not an e-mail address` }));

/** An address entry: `{name, address}` (or `{name, email}`, the shape conversation detail answers). */
const addressEntry = z
  .object({ name: z.string().max(1_000).nullish(), address: address.optional(), email: address.optional() })
  .transform((entry, context) => {
    const value = entry.address ?? entry.email;
    if (!value) {
      context.addIssue({ code: 'custom', message: 'an address entry needs an address' });
      return z.NEVER;
    }
    return entry.name ? { name: entry.name, address: value } : { address: value };
  });

const addressList = z.array(addressEntry).max(1_000);

/** What the incoming-message flow works on, whichever way the message came in. */
export const incomingMessageSchema = z.object({
  messageId,
  inReplyTo: messageId.nullish().transform((value) => value ?? undefined),
  references: z
    .union([z.array(messageId), messageId.transform((id) => [id])])
    .nullish()
    .transform((value) => value ?? []),
  subject: z.string().max(10_000).nullish().transform((value) => value ?? undefined),
  body: z.string().nullish().transform((value) => value ?? undefined),
  /** The mail's HTML part, when it has one; stored as sent, sanitised where it is shown. */
  html: z.string().nullish().transform((value) => value || undefined),
  from: addressList.min(1, 'from must name the sender'),
  to: addressList.nullish().transform((value) => value ?? undefined),
  cc: addressList.nullish().transform((value) => value ?? undefined),
  bcc: addressList.nullish().transform((value) => value ?? undefined),
  date: z.coerce.date({ error: 'date must be a date' }).nullish().transform((value) => value ?? undefined),
});
export type IncomingMessage = z.output<typeof incomingMessageSchema>;

/** The JSON form of POST /receive (ARCHITECTURE.md): the message plus the integration it is for. */
export const jsonReceiveBodySchema = incomingMessageSchema.extend({ integrationId: z.string().min(1) });
