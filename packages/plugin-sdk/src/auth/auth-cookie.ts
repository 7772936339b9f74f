import type { Request } from 'express';
import { authCookieName, authTokenLifetimeSeconds } from './auth-token.js';

export interface CookieAttributes {
  httpOnly: true;
  sameSite: 'lax';
  secure: boolean;
  path: '/';
  maxAge: number;
}

/** Behind the TLS-terminating proxy the request reached us over HTTPS when X-Forwarded-Proto says so. */
export function cameOverHttps(req: Request): boolean {
  const forwarded = req.headers['x-forwarded-proto'];
  const proto = Array.isArray(forwarded) ? forwarded[0] : forwarded?.split(',')[0];
  return req.secure || proto?.trim() === 'https';
}

/** The `auth-token` cookie's attributes: httpOnly, SameSite=Lax, Secure whenever the request came over HTTPS. */
export function authCookieAttributes(req: Request): CookieAttributes {
  return { httpOnly: true, sameSite: 'lax', secure: cameOverHttps(req), path: '/', maxAge: authTokenLifetimeSeconds * 1000 };
}

export { authCookieName };
