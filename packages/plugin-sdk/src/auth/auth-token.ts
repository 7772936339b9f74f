import { errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { roles, type AuthUser } from './roles.js';

export const authCookieName = 'auth-token';
export const authTokenAlgorithm = 'HS256';
export const authTokenLifetimeSeconds = 24 * 60 * 60;

const claimsSchema = z.object({
  sub: z.string().min(1),
  email: z.string(),
  role: z.enum(roles),
  sid: z.string().min(1).optional(),
});

function keyFrom(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/**
 * Signs a login token (HS256, with expiry) for `user`. `user.sessionId` becomes the `sid` claim: plugin hosts
 * accept a token only while the core says its session is live, so a token without one is refused there.
 */
export async function signAuthToken(user: TokenUser, secret: string, lifetimeSeconds = authTokenLifetimeSeconds): Promise<string> {
  return new SignJWT({ email: user.email, role: user.role, ...(user.sessionId ? { sid: user.sessionId } : {}) })
    .setProtectedHeader({ alg: authTokenAlgorithm, typ: 'JWT' })
    .setSubject(user._id)
    .setIssuedAt()
    .setExpirationTime(`${lifetimeSeconds}s`)
    .sign(keyFrom(secret));
}

/** Who a token names; what they may do is never in the token but asked of the core with the session. */
export type TokenUser = Pick<AuthUser, '_id' | 'email' | 'role' | 'sessionId'>;

/** A verified token: its user, and when it stops being valid. */
export type TokenCheck = { user: TokenUser; expiresAt?: Date } | { user?: undefined; problem: string };

/**
 * Verifies signature, algorithm (HS256 only: `alg: none` and every other algorithm are refused)
 * and expiry. A token that fails any check yields no user, and says why for the log.
 */
export async function verifyAuthToken(token: string, secret: string): Promise<TokenCheck> {
  try {
    const { payload } = await jwtVerify(token, keyFrom(secret), { algorithms: [authTokenAlgorithm] });
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success) return { problem: 'token claims are malformed' };
    const user: TokenUser = { _id: claims.data.sub, email: claims.data.email, role: claims.data.role };
    if (claims.data.sid) user.sessionId = claims.data.sid;
    return payload.exp === undefined ? { user } : { user, expiresAt: new Date(payload.exp * 1000) };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { problem: 'token expired' };
    if (error instanceof errors.JOSEError) return { problem: `token refused (${error.code})` };
    return { problem: 'token unreadable' };
  }
}
