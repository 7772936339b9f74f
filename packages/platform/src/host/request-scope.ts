import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export const requestIdHeader = 'x-request-id';
const saneRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

interface RequestScope {
  requestId: string;
}

// Everything a request or a broker message causes runs inside its scope, so the logger and the broker client
// can stamp the request id without every plugin passing it along by hand.
const scope = new AsyncLocalStorage<RequestScope>();

export function currentRequestId(): string | undefined {
  return scope.getStore()?.requestId;
}

export function runWithRequestId<T>(requestId: string | undefined, work: () => T): T {
  return scope.run({ requestId: requestId && saneRequestId.test(requestId) ? requestId : randomUUID() }, work);
}

/** The gateway's `x-request-id` (or a new one when it is missing or not sane). */
export function requestIdOf(headers: IncomingHttpHeaders): string {
  const given = headers[requestIdHeader];
  return typeof given === 'string' && saneRequestId.test(given) ? given : randomUUID();
}
