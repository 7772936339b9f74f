import type { PlannedResult } from './execute-planned.js';

/**
 * The HTTP status of a GraphQL answer: 429 when nothing was answered because a plugin's bounded queue was full
 * (every error TOO_MANY_REQUESTS, no field with data), so clients and proxies back off as they do for any 429;
 * otherwise the status the execution gave.
 */
export function answerStatus(result: PlannedResult): number {
  const { data, errors } = result.body;
  if (!errors?.length || !errors.every((error) => error.extensions?.['code'] === 'TOO_MANY_REQUESTS')) return result.status;
  const answered = data !== null && typeof data === 'object' && Object.values(data).some((value) => value !== null);
  return answered ? result.status : 429;
}
