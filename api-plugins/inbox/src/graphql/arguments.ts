import { maxReplyBodyLength } from '@lattice/contracts';
import { InputError } from '@lattice/plugin-sdk';
import { z } from 'zod';
import { conversationStatuses } from '../models/conversation.js';

export const maxPerPage = 200;

export const idArgs = z.object({ _id: z.string() });

export const integrationsArgs = z.object({ kind: z.string().nullish() });

export const createExternalIntegrationArgs = z.object({
  kind: z.string().regex(/^[a-z][a-z0-9-]*$/, 'kind must be an integration plugin name'),
  name: z.string().trim().min(1, 'name must not be empty').max(200, 'name must be at most 200 characters'),
  data: z.record(z.string(), z.unknown(), { error: 'data must be an object' }).nullish(),
});

export const conversationsArgs = z.object({
  integrationId: z.string().nullish(),
  customerId: z.string().max(100).nullish(),
  status: z.enum(conversationStatuses).nullish(),
  searchValue: z.string().max(200, 'searchValue must be at most 200 characters').nullish(),
  page: z.number().int().min(1, 'page starts at 1').nullish(),
  perPage: z.number().int().min(1).max(maxPerPage, `perPage must be at most ${maxPerPage}`).nullish(),
});

export const changeStatusArgs = z.object({
  _ids: z.array(z.string()).min(1, '_ids must not be empty').max(maxPerPage),
  status: z.enum(conversationStatuses),
});

export const messageAddArgs = z.object({
  conversationId: z.string(),
  content: z.string().trim().min(1, 'content must not be empty').max(100_000),
});

export const replyArgs = z.object({
  conversationId: z.string(),
  content: z
    .string()
    .trim()
    .min(1, 'The reply must not be empty')
    .max(maxReplyBodyLength, `The reply must be at most ${maxReplyBodyLength} characters`),
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,128}$/, 'idempotencyKey must be 8-128 letters, digits, - or _')
    .nullish(),
});

export const noteAddArgs = z.object({
  conversationId: z.string(),
  content: z.string().trim().min(1, 'The note must not be empty').max(maxReplyBodyLength, `The note must be at most ${maxReplyBodyLength} characters`),
});

export const conversationMessagesArgs = z.object({ conversationId: z.string() });

export const conversationChangedArgs = z.object({ _id: z.string().nullish() });

/** Parses resolver arguments; a rule broken is a BAD_USER_INPUT that says which. */
export function parseArgs<T extends z.ZodType>(schema: T, args: unknown): z.infer<T> {
  const result = schema.safeParse(args);
  if (!result.success) throw new InputError(result.error.issues.map((issue) => issue.message).join('; '));
  return result.data;
}
