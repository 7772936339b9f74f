import type { HeaderRecord } from '../http/forwarded-headers.js';
import { REQUEST_ID_HEADER } from '../http/request-id.js';
import { TRACE_HEADERS } from '@lattice/contracts/tracing';

/**
 * In-flight deduplication: identical subgraph queries in flight at the same time share one call, so a burst
 * of the same query (a dashboard opened by many tabs, a list polled by every client of one user) costs the
 * plugin one execution. Only answers for exactly the same request are shared: the key is the plugin, every
 * header that reaches it and the body byte for byte, so two users (different cookie or authorization) never
 * share. Mutations and subscriptions never come here (the caller passes no key).
 *
 * A request that asks for a fresh answer (`Cache-Control: no-cache`, sent by a client refetching after a
 * change event) passes the mark taken when it arrived: it joins only a call started after that, never one
 * that may have read the data before the change. The call it makes takes the key's place, so requests that
 * come after it share the newer call.
 *
 * The shared call belongs to nobody: a waiter whose client goes away stops waiting without cancelling it
 * for the others, and the entry is removed the moment the call settles, so a failure reaches the requests
 * that were waiting for it and the next request calls the plugin again.
 */
export class InFlightRequests {
  readonly #calls = new Map<string, { started: number; answer: Promise<unknown> }>();
  #started = 0;

  constructor(readonly enabled: boolean) {}

  /** Calls in flight now (each shared by one or more requests). */
  get size(): number {
    return this.#calls.size;
  }

  /** A mark for now: the calls started after it are the ones a request arriving now may join when fresh. */
  mark(): number {
    return this.#started;
  }

  /**
   * The answer of `call`, made once for every request with the same `key` that arrives while it runs.
   * `key` undefined (or deduplication off): `call` is made for this request alone. `freshSince` (a `mark()`):
   * only a call started after it is joined. `joined` says whether the request got an answer already on its way.
   */
  share<T>(key: string | undefined, call: () => Promise<T>, freshSince?: number): { answer: Promise<T>; joined: boolean } {
    if (key === undefined || !this.enabled) return { answer: call(), joined: false };
    const running = this.#calls.get(key);
    if (running && (freshSince === undefined || running.started > freshSince)) {
      return { answer: running.answer as Promise<T>, joined: true };
    }
    this.#started += 1;
    const entry = { started: this.#started, answer: Promise.resolve() as Promise<unknown> };
    this.#calls.set(key, entry);
    const answer = (async () => {
      try {
        return await call();
      } finally {
        // Before any waiter resumes: whoever comes after the answer makes a call of its own. A newer call
        // that took the key's place stays.
        if (this.#calls.get(key) === entry) this.#calls.delete(key);
      }
    })();
    entry.answer = answer;
    return { answer, joined: false };
  }
}

const identities = new WeakMap<HeaderRecord, string>();

/**
 * The part of the key that says who asks: every header the subgraph receives, in name order, except the
 * request id and the trace context (`traceparent`, `tracestate`: per request too, and no part of the answer). The request id differs on every request by design, so keeping it would share nothing; leaving
 * it out is safe because it names a request in logs and does not change the answer. The one shared answer
 * is served to every waiter, each with its own `x-request-id` response header; the subgraph's log line
 * carries the id of the request that made the call. The signature is not in the key either: it is made
 * for the body and the time of the one call.
 */
export function identityKey(headers: HeaderRecord): string {
  let key = identities.get(headers);
  if (key !== undefined) return key;
  const names = Object.keys(headers)
    .filter((name) => name !== REQUEST_ID_HEADER && !TRACE_HEADERS.includes(name))
    .sort();
  key = JSON.stringify(names.map((name) => [name, headers[name]]));
  identities.set(headers, key);
  return key;
}

/**
 * The key of one subgraph request: the way it goes (the fast path shares the whole HTTP answer, the planner
 * the body it parses), which plugin, who asks (identityKey), and the body as sent.
 */
export function requestKey(way: 'forwarded' | 'planned', plugin: string, headers: HeaderRecord, body: string | Buffer): string {
  return `${way}\n${plugin}\n${identityKey(headers)}\n${typeof body === 'string' ? body : body.toString('latin1')}`;
}
