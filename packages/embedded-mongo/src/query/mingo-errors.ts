import { ErrorCodes, MongoCommandError, notImplemented } from '../errors.js';

/** MongoDB operators mingo cannot run here: answered as "not implemented" rather than "unknown". */
const NOT_IMPLEMENTED = new Set(['$text', '$near', '$nearSphere', '$geoWithin', '$geoIntersects', '$where', '$function', '$accumulator']);

/**
 * Turns an error thrown by mingo into MongoDB's error shape, naming the operator or stage it
 * did not recognise. Errors already in MongoDB's shape pass through.
 */
export function toCommandError(error: unknown): MongoCommandError {
  if (error instanceof MongoCommandError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const stage = /Unrecognized pipeline stage name: '(\$\w+)'/.exec(message) ?? /pipeline operator[^$]*(\$\w+)/i.exec(message);
  if (stage) return new MongoCommandError(ErrorCodes.Location40324, 'Location40324', `Unrecognized pipeline stage name: '${stage[1]}'`);
  if (/would create a conflict/.test(message)) return new MongoCommandError(40, 'ConflictingUpdateOperators', message);
  if (/would modify the immutable field/.test(message)) return new MongoCommandError(ErrorCodes.ImmutableField, 'ImmutableField', message);
  const named = /(\$\w+)/.exec(message)?.[1];
  if (named && NOT_IMPLEMENTED.has(named)) return notImplemented(`The ${named} operator`);
  const operator = /unknown operator: (\$\w+)/.exec(message) ?? /(?:operator|accumulator) '?(\$\w+)'? is not registered/i.exec(message);
  if (operator) return new MongoCommandError(ErrorCodes.BadValue, 'BadValue', `unknown operator: ${operator[1]}`);
  return new MongoCommandError(ErrorCodes.BadValue, 'BadValue', message);
}
