import { z } from 'zod';
import { rpcQueue } from '../queue-contract.js';

export const createIntegrationPayloadSchema = z.object({
  /** The integration's own settings (for imap: host, port, tls, user, password); may be absent. */
  doc: z.record(z.string(), z.unknown()).nullish(),
  /** The inbox's Integration `_id`; the integration stores it as `inboxId`. */
  integrationId: z.string().min(1),
});
export type CreateIntegrationPayload = z.infer<typeof createIntegrationPayloadSchema>;

export const createIntegrationReplySchema = z.object({
  status: z.literal('success'),
  /** The secret POST /receive must carry in `x-integration-token`; answered only here, stored hashed. */
  webhookToken: z.string().optional(),
});
export type CreateIntegrationReply = z.infer<typeof createIntegrationReplySchema>;

export const removeIntegrationPayloadSchema = z.object({ integrationId: z.string().min(1) });
export type RemoveIntegrationPayload = z.infer<typeof removeIntegrationPayloadSchema>;

export const removeIntegrationReplySchema = z.object({ status: z.literal('success') });

/** `<kind>:createIntegration`, consumed by the integration plugin named `kind`. */
export function createIntegrationQueue(kind: string) {
  return rpcQueue(`${kind}:createIntegration`, createIntegrationPayloadSchema, createIntegrationReplySchema);
}

/** `<kind>:removeIntegration`: removes its messages and customers, then the integration. */
export function removeIntegrationQueue(kind: string) {
  return rpcQueue(`${kind}:removeIntegration`, removeIntegrationPayloadSchema, removeIntegrationReplySchema);
}
