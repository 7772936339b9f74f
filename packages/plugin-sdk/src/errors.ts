/**
 * The closed vocabulary of errors that business code throws. One boundary
 * (graphql/format-error.ts for GraphQL, host/http-error-handler.ts for HTTP)
 * turns them into an `extensions.code` or an HTTP status; nothing else picks one.
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

export class LatticeError extends Error {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
    this.name = new.target.name;
  }
}

export class InputError extends LatticeError {
  constructor(message: string, options?: ErrorOptions) {
    super('BAD_USER_INPUT', message, options);
  }
}

export class NotFoundError extends LatticeError {
  constructor(message: string, options?: ErrorOptions) {
    super('NOT_FOUND', message, options);
  }
}

export class UnauthenticatedError extends LatticeError {
  constructor(message = 'You must be logged in', options?: ErrorOptions) {
    super('UNAUTHENTICATED', message, options);
  }
}

export class ForbiddenError extends LatticeError {
  constructor(message = 'You are not allowed to do this', options?: ErrorOptions) {
    super('FORBIDDEN', message, options);
  }
}

export class PluginUnavailableError extends LatticeError {
  constructor(pluginName: string, options?: ErrorOptions) {
    super('PLUGIN_UNAVAILABLE', `Plugin "${pluginName}" is unavailable`, options);
  }
}

export const httpStatusByCode: Record<ErrorCode, number> = {
  BAD_USER_INPUT: 400,
  NOT_FOUND: 404,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  PLUGIN_UNAVAILABLE: 503,
  INTERNAL: 500,
};
