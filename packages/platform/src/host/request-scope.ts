import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export const requestIdHeader = 'x-request-id';
const saneRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

interface RequestScope {
  requestId: string;
  /** The user the request acts for, once the host has checked their login: the activity log's `createdBy`. */
  userId?: string;
  /** That user's actions, as their session check answered: they travel with the messages the request sends. */
  permissions?: readonly string[];
  /** The mutation being resolved, and how many activity entries it wrote so far (see `runInOperation`). */
  operation?: { name: string; entries: number };
}

// Everything a request or a broker message causes runs inside its scope, so the logger and the broker client
// can stamp the request id without every plugin passing it along by hand.
const scope = new AsyncLocalStorage<RequestScope>();

export function currentRequestId(): string | undefined {
  return scope.getStore()?.requestId;
}

export function currentRequestScope(): Readonly<RequestScope> | undefined {
  return scope.getStore();
}

/** Says whom the rest of this request acts for (the scope is shared by everything the request causes). */
export function setRequestUser(userId: string | undefined, permissions?: readonly string[]): void {
  const store = scope.getStore();
  if (!store) return;
  store.userId = userId;
  store.permissions = userId === undefined ? undefined : permissions;
}

/** Runs one mutation's resolver in a scope that names it, so the changes it makes are recorded under its name. */
export function runInOperation<T>(name: string, work: () => T): T {
  const store = scope.getStore();
  if (!store) return work();
  return scope.run({ ...store, operation: { name, entries: 0 } }, work);
}

export function runWithRequestId<T>(requestId: string | undefined, work: () => T): T {
  return scope.run({ requestId: requestId && saneRequestId.test(requestId) ? requestId : randomUUID() }, work);
}

/** The gateway's `x-request-id` (or a new one when it is missing or not sane). */
export function requestIdOf(headers: IncomingHttpHeaders): string {
  const given = headers[requestIdHeader];
  return typeof given === 'string' && saneRequestId.test(given) ? given : randomUUID();
}
