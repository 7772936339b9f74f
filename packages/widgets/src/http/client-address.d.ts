import type { IncomingMessage } from 'node:http';
/**
 * The visitor's address for rate limits: the peer's, or, when the peer is a proxy on loopback or a private
 * network (nginx in front), the last outside address it names in X-Forwarded-For.
 */
export declare function clientAddress(request: IncomingMessage): string;
/** The origin the request was sent to, as the browser saw it (behind nginx: X-Forwarded-Proto and -Host). */
export declare function requestOrigin(request: IncomingMessage): string;
