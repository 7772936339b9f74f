import { z } from 'zod';
import { rpcQueue } from '../queue-contract.js';

/** A session id as login tokens carry it (`sid`): random, URL-safe text. */
export const sessionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'must be a session id');

/** At most this many sessions in one check (a host re-checks the sessions of its open subscriptions together). */
export const maxSessionsPerCheck = 500;

export const sessionsCheckPayloadSchema = z.object({
  sessionIds: z.array(sessionIdSchema).min(1).max(maxSessionsPerCheck),
});
export type SessionsCheckPayload = z.infer<typeof sessionsCheckPayloadSchema>;

/** The user a live session belongs to, as the database says now (never as the token said at login). */
export const sessionUserSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: z.enum(['owner', 'admin', 'member']),
  /** What the user may do now, as `<plugin>:<action>` names: the effective set of their groups, grants and denials. */
  permissions: z.array(z.string()),
});

/** One answer per asked id: the session's user while it is live, null once it is revoked, expired or unknown. */
export const sessionsCheckReplySchema = z.object({
  sessions: z.array(z.object({ sessionId: z.string(), user: sessionUserSchema.nullable() })),
});
export type SessionsCheckReply = z.infer<typeof sessionsCheckReplySchema>;

/** `core:sessions.check`: every plugin host asks the core whether the sessions of its requests are live. */
export const sessionsCheckQueue = rpcQueue('core:sessions.check', sessionsCheckPayloadSchema, sessionsCheckReplySchema);

/**
 * The pub/sub channel the core publishes on when sessions end (logout, role change, deactivation, password
 * change), so every host drops them from its cache and ends their subscriptions at once.
 */
export const sessionsRevokedChannel = 'lattice.sessions.revoked';
export const sessionsRevokedMessageSchema = z.object({
  sessionIds: z.array(z.string()).optional(),
  userId: z.string().optional(),
});
export type SessionsRevokedMessage = z.infer<typeof sessionsRevokedMessageSchema>;
