import { z } from 'zod';
import { plainQueue, rpcQueue } from '../queue-contract.js';

const objectIdText = z.string().regex(/^[0-9a-fA-F]{24}$/, 'must be a 24-character hexadecimal id');

/** A document as it travels on the wire: ids as text, dates as ISO 8601 text. */
export const documentRecordSchema = z.object({
  _id: z.string(),
  name: z.string().nullish(),
  createdAt: z.string().nullish(),
  expiryDate: z.string().nullish(),
  checked: z.boolean().nullish(),
  typeId: z.string().nullish(),
  order: z.number().nullish(),
});
export type DocumentRecord = z.infer<typeof documentRecordSchema>;

export const documentSendPayloadSchema = z
  .object({
    name: z.string().max(1_000).optional(),
    typeId: objectIdText.optional(),
    expiryDate: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
    checked: z.boolean().optional(),
    order: z.number().finite().optional(),
  })
  .strict();
export type DocumentSendPayload = z.infer<typeof documentSendPayloadSchema>;

/** `document:send`: creates a document from its payload (ARCHITECTURE.md decision). */
export const documentSendQueue = plainQueue('document:send', documentSendPayloadSchema);

/** `document:find`: every document, in the `documents` query's order. */
export const documentFindQueue = rpcQueue('document:find', z.unknown(), z.array(documentRecordSchema));
