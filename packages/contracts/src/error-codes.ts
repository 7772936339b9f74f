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
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const httpStatusByCode: Readonly<Record<ErrorCode, number>> = {
  BAD_USER_INPUT: 400,
  NOT_FOUND: 404,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  PLUGIN_UNAVAILABLE: 503,
  INTERNAL: 500,
};

export function pluginUnavailableMessage(pluginName: string): string {
  return `Plugin "${pluginName}" is unavailable`;
}
