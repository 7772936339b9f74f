/**
 * The closed vocabulary of GraphQL `extensions.code` values and their HTTP statuses (ARCHITECTURE.md "Data and
 * errors"). It lives once, here, so plugins (through plugin-sdk), the platform and the gateway answer alike.
 */
export const errorCodes = [
  'BAD_USER_INPUT',
  'NOT_FOUND',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'PLUGIN_UNAVAILABLE',
  'INTERNAL',
  // An edit of a record that was changed since the client read it (its `updatedAt` differs): nothing was stored.
  'CONFLICT',
  // A request past one of the limits every GraphQL door applies (ARCHITECTURE.md "Gateway", trust boundary):
  'QUERY_TOO_COMPLEX', // depth, aliases, fields, tokens or list cost: refused before anything runs
  'PAYLOAD_TOO_LARGE', // the request body
  'DEADLINE_EXCEEDED', // the per-request execution deadline passed; fields not resolved by then are errors
  'RESPONSE_TOO_LARGE', // the answer would pass the response-size ceiling
  'TOO_MANY_REQUESTS', // a bounded queue (e.g. password hashing) is full: try again shortly
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const httpStatusByCode: Readonly<Record<ErrorCode, number>> = {
  BAD_USER_INPUT: 400,
  NOT_FOUND: 404,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  PLUGIN_UNAVAILABLE: 503,
  INTERNAL: 500,
  CONFLICT: 409,
  QUERY_TOO_COMPLEX: 400,
  PAYLOAD_TOO_LARGE: 413,
  DEADLINE_EXCEEDED: 503,
  RESPONSE_TOO_LARGE: 500,
  TOO_MANY_REQUESTS: 429,
};

/**
 * What a user reads while the core (accounts, sign-in and sessions) does not answer: the service is down for a
 * while, never that the password is wrong or the session ended (issue 34).
 */
export const signInUnavailableMessage = 'Sign-in is temporarily unavailable: the core plugin does not answer; try again shortly';

export function pluginUnavailableMessage(pluginName: string): string {
  if (pluginName === 'core') return signInUnavailableMessage;
  return `Plugin "${pluginName}" is unavailable`;
}
