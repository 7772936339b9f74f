import type { PlannedResult } from './execute-planned.js';

/** Codes that, when they are every error of an answer with no field answered, give it their status. */
const statusByRefusal: Readonly<Record<string, number>> = {
  // A plugin's bounded queue was full: clients and proxies back off as they do for any 429.
  TOO_MANY_REQUESTS: 429,
  // The plugins the request needs are down for now (a drain with no replica left, a core outage): retry shortly.
  PLUGIN_UNAVAILABLE: 503,
};

/**
 * The HTTP status of a GraphQL answer: 429 when nothing was answered and every error is TOO_MANY_REQUESTS, 503
 * when nothing was answered and every error is PLUGIN_UNAVAILABLE; otherwise the status the execution gave.
 */
export function answerStatus(result: PlannedResult): number {
  const { data, errors } = result.body;
  const code = errors?.[0]?.extensions?.['code'];
  const status = typeof code === 'string' ? statusByRefusal[code] : undefined;
  if (status === undefined || !errors!.every((error) => error.extensions?.['code'] === code)) return result.status;
  const answered = data !== null && typeof data === 'object' && Object.values(data).some((value) => value !== null);
  return answered ? result.status : status;
}
