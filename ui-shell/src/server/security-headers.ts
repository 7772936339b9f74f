import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

/** The origins of the enabled remotes' entries (`ui_url`), each once; the page may run scripts from them. */
export function remoteOrigins(remoteUrls: string[]): string[] {
  const origins = remoteUrls.filter((url) => URL.canParse(url)).map((url) => new URL(url).origin);
  return [...new Set(origins)];
}

/** `'sha256-…'` sources for the inline scripts of a page (index.html sets the colour scheme before paint). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)) {
    // JSON data blocks (the inlined plugins manifest) are not run, so they need no hash.
    if (/type="application\/json"/.test(match[1] ?? '')) continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[2] ?? '').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The page's Content-Security-Policy: scripts only from this origin, the enabled remotes' origins and the
 * page's own inline scripts by hash, never `eval`. Styles allow inline: Mantine writes its CSS variables
 * in <style> elements and remotes inject their CSS at run time. Images may come from any web server: mail
 * shows them (when the user allows them).
 */
export function contentSecurityPolicy(origins: string[], scriptHashes: string[] = []): string {
  const remotes = origins.join(' ');
  const sources = (...list: string[]) => [...list, remotes].filter(Boolean).join(' ');
  return [
    `default-src 'self'`,
    `script-src ${sources("'self'", ...scriptHashes)}`,
    `style-src ${sources("'self'", "'unsafe-inline'")}`,
    // http: and https: for the images in e-mails: the imap view loads a mail's remote images only once the
    // user allowed them for its sender (its frame narrows img-src until then); an image runs no code.
    `img-src ${sources("'self'", 'data:', 'blob:', 'http:', 'https:')}`,
    `font-src ${sources("'self'", 'data:')}`,
    `connect-src ${sources("'self'")}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/** Headers on every response: the policy (without page hashes), no MIME sniffing, no framing, no full referrers. */
export function securityHeaders(origins: string[]) {
  const policy = contentSecurityPolicy(origins);
  return (_request: Request, response: Response, next: NextFunction) => {
    response.setHeader('Content-Security-Policy', policy);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('X-Frame-Options', 'DENY');
    response.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    next();
  };
}
