import type { IncomingMessage } from 'node:http';
/**
 * The request's JSON body, read only up to `limit` bytes: a declared length past it is refused unread, a body
 * that grows past it is cut off.
 */
export declare function readJsonBody(request: IncomingMessage, limit: number): Promise<unknown>;
