import {
  authCookieAttributes,
  authCookieName,
  signAuthToken,
  UnauthenticatedError,
  type PluginRequestContext,
} from '@lattice/plugin-sdk';
import type { CoreModels } from '../models/load-models.js';
import { verifyPassword } from '../users/passwords.js';
import { toPublicUser, type PublicUser } from '../users/public-user.js';
import { assertNotThrottled, recordFailedLogin, recordSuccessfulLogin } from './login-throttle.js';

const wrongCredentials = 'Wrong e-mail or password';

/**
 * Checks the credentials, then sets the `auth-token` cookie. An unknown e-mail and a wrong password give
 * the same answer after the same work, so the answer does not tell which e-mails have accounts.
 */
export async function logIn(
  models: CoreModels,
  context: PluginRequestContext,
  credentials: { email: string; password: string },
): Promise<PublicUser> {
  const address = context.req.ip ?? 'unknown';
  const user = await models.User.findOne({ email: credentials.email });
  await assertNotThrottled(models, user, address);
  const matches = await verifyPassword(credentials.password, user?.passwordHash);
  if (!user || !matches) {
    await recordFailedLogin(models, user?._id, address);
    throw new UnauthenticatedError(wrongCredentials);
  }
  if (!user.isActive) throw new UnauthenticatedError('This account is deactivated');
  await recordSuccessfulLogin(models, user._id);

  const publicUser = toPublicUser(user);
  const token = await signAuthToken(
    { _id: publicUser._id, email: publicUser.email, role: publicUser.role },
    context.authTokenSecret,
  );
  context.res.cookie(authCookieName, token, authCookieAttributes(context.req));
  return publicUser;
}

export function logOut(context: PluginRequestContext): boolean {
  const { maxAge: _maxAge, ...attributes } = authCookieAttributes(context.req);
  context.res.clearCookie(authCookieName, attributes);
  return true;
}
