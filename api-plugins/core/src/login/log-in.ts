import {
  authCookieAttributes,
  authCookieName,
  signAuthToken,
  UnauthenticatedError,
  type PluginRequestContext,
} from '@lattice/plugin-sdk';
import type { CoreModels } from '../models/load-models.js';
import type { UserFields } from '../models/user.js';
import { createSession, revokeSession } from '../sessions/sessions.js';
import { hashPassword, needsRehash, verifyPassword } from '../users/passwords.js';
import { toPublicUser, type PublicUser } from '../users/public-user.js';
import { claimLoginAttempt, recordFailedLogin, recordSuccessfulLogin } from './login-throttle.js';

const wrongCredentials = 'Wrong e-mail or password';

/** Starts a session for the user and sets the `auth-token` cookie naming it. */
export async function startSession(models: CoreModels, context: PluginRequestContext, user: UserFields & { _id: unknown }): Promise<PublicUser> {
  const publicUser = toPublicUser(user);
  const sessionId = await createSession(models, publicUser._id);
  const token = await signAuthToken(
    { _id: publicUser._id, email: publicUser.email, role: publicUser.role, sessionId },
    context.authTokenSecret,
  );
  context.res.cookie(authCookieName, token, authCookieAttributes(context.req));
  return publicUser;
}

/**
 * Checks the credentials, then starts a session. An unknown e-mail, a wrong password and a deactivated account
 * give the same answer after the same work, and are throttled alike, so the answers tell nothing about accounts.
 * A hash stored before argon2id is replaced by one now that the password is known.
 */
export async function logIn(
  models: CoreModels,
  context: PluginRequestContext,
  credentials: { email: string; password: string },
): Promise<PublicUser> {
  const attempt = await claimLoginAttempt(models, credentials.email, context.req.ip ?? 'unknown');
  const user = await models.User.findOne({ email: credentials.email });
  const matches = await verifyPassword(credentials.password, user?.passwordHash);
  if (!user || !matches || !user.isActive) {
    await recordFailedLogin(models, attempt);
    throw new UnauthenticatedError(wrongCredentials);
  }
  await recordSuccessfulLogin(models, attempt);
  if (needsRehash(user.passwordHash)) {
    user.passwordHash = await hashPassword(credentials.password);
    await user.save();
  }
  return startSession(models, context, user);
}

/** Ends the request's session on every host (its cookie is refused from then on) and clears the cookie. */
export async function logOut(models: CoreModels, context: PluginRequestContext): Promise<boolean> {
  if (context.user?.sessionId) await revokeSession(models, context.pubsubClient, context.user.sessionId);
  const { maxAge: _maxAge, ...attributes } = authCookieAttributes(context.req);
  context.res.clearCookie(authCookieName, attributes);
  return true;
}
