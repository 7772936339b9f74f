import { errorCodes, httpStatusByCode, pluginUnavailableMessage, type ErrorCode } from '@lattice/contracts';

export { errorCodes, httpStatusByCode, type ErrorCode };

/**
 * The errors that business code throws, one class per code of the closed vocabulary. One boundary in the
 * platform (its GraphQL error formatter and its HTTP error handler) turns them into an `extensions.code` or an
 * HTTP status; nothing else picks one.
 */
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

/** The record changed since the client read it (optimistic concurrency): the client shows both versions and asks again. */
export class ConflictError extends LatticeError {
  constructor(message: string, options?: ErrorOptions) {
    super('CONFLICT', message, options);
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

/** A bounded queue is full (e.g. logins waiting for password hashing): refused now rather than waited on. */
export class TooManyRequestsError extends LatticeError {
  constructor(message = 'Too many requests; try again shortly', options?: ErrorOptions) {
    super('TOO_MANY_REQUESTS', message, options);
  }
}

export class PluginUnavailableError extends LatticeError {
  constructor(pluginName: string, options?: ErrorOptions) {
    super('PLUGIN_UNAVAILABLE', pluginUnavailableMessage(pluginName), options);
  }
}
