import { randomBytes } from 'node:crypto';
import { sessionsRevokedChannel, type SessionsCheckReply, type SessionsRevokedMessage } from '@lattice/contracts';
import { authTokenLifetimeSeconds, type PluginPermissions, type PluginServices } from '@lattice/plugin-sdk';
import type { CoreModels } from '../models/load-models.js';
import { effectivePermissions, readPermissionState } from '../permissions/effective-permissions.js';

type PubSubEngine = PluginServices['pubsubClient'];

/** Starts a session for a login; its id goes into the token as `sid`. */
export async function createSession(models: CoreModels, userId: string, now = new Date()): Promise<string> {
  const _id = randomBytes(24).toString('base64url');
  await models.Session.create({ _id, userId, createdAt: now, expiresAt: new Date(now.getTime() + authTokenLifetimeSeconds * 1000) });
  return _id;
}

async function announce(pubsub: PubSubEngine, message: SessionsRevokedMessage): Promise<void> {
  await pubsub.publish(sessionsRevokedChannel, message);
}

/** Logout: ends one session, and tells every host so that it refuses it (and ends its subscriptions) at once. */
export async function revokeSession(models: CoreModels, pubsub: PubSubEngine, sessionId: string, now = new Date()): Promise<void> {
  await models.Session.updateOne({ _id: sessionId, revokedAt: { $exists: false } }, { $set: { revokedAt: now } });
  await announce(pubsub, { sessionIds: [sessionId] });
}

/** Role change, deactivation, new password: ends every session of the user, on every host. */
export async function revokeUserSessions(models: CoreModels, pubsub: PubSubEngine, userId: string, now = new Date()): Promise<void> {
  await models.Session.updateMany({ userId, revokedAt: { $exists: false } }, { $set: { revokedAt: now } });
  await announce(pubsub, { userId });
}

/**
 * Which of these sessions are live, with their users (and what they may do) as the database holds them now: a
 * session is live while it is not revoked, not past its expiry, and its user exists and is active.
 */
export async function checkSessions(models: CoreModels, ownPermissions: PluginPermissions, sessionIds: readonly string[], now = new Date()): Promise<SessionsCheckReply> {
  const sessions = await models.Session.find({ _id: { $in: [...sessionIds] }, revokedAt: { $exists: false }, expiresAt: { $gt: now } }).lean();
  const users = await models.User.find({ _id: { $in: [...new Set(sessions.map((session) => session.userId))] }, isActive: true })
    .select({ email: 1, role: 1, grants: 1, denials: 1 })
    .lean();
  const state = users.length > 0 ? await readPermissionState(models, ownPermissions) : undefined;
  const userById = new Map(
    users.map((user) => [String(user._id), { _id: String(user._id), email: user.email, role: user.role, permissions: state ? effectivePermissions(state, user) : [] }]),
  );
  const live = new Map(sessions.map((session) => [session._id, userById.get(session.userId) ?? null]));
  return { sessions: sessionIds.map((sessionId) => ({ sessionId, user: live.get(sessionId) ?? null })) };
}
