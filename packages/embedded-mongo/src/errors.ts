/** A command failure answered to the client in MongoDB's error shape (`ok: 0`, `code`, `codeName`, `errmsg`). */
export class MongoCommandError extends Error {
  constructor(
    readonly code: number,
    readonly codeName: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'MongoCommandError';
  }
}

export const ErrorCodes = {
  BadValue: 2,
  FailedToParse: 9,
  TypeMismatch: 14,
  InvalidLength: 16,
  IllegalOperation: 20,
  NamespaceNotFound: 26,
  IndexNotFound: 27,
  CursorNotFound: 43,
  NamespaceExists: 48,
  CommandNotFound: 59,
  ImmutableField: 66,
  InvalidOptions: 72,
  IndexOptionsConflict: 85,
  IndexKeySpecsConflict: 86,
  NotImplemented: 238,
  DuplicateKey: 11000,
  Location40324: 40324,
} as const;

export function badValue(message: string): MongoCommandError {
  return new MongoCommandError(ErrorCodes.BadValue, 'BadValue', message);
}

export function notImplemented(what: string): MongoCommandError {
  return new MongoCommandError(ErrorCodes.NotImplemented, 'NotImplemented', `${what} is not implemented by embedded-mongo`);
}
