import { ErrorCodes, MongoCommandError } from '../errors.js';

/**
 * Turns an error thrown by mingo into MongoDB's error shape, naming the operator or stage it
 * did not recognise. Errors already in MongoDB's shape pass through.
 */
export function toCommandError(error: unknown): MongoCommandError {
  if (error instanceof MongoCommandError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const stage = /pipeline operator[^$]*(\$\w+)/i.exec(message) ?? /unknown stage[^$]*(\$\w+)/i.exec(message);
  if (stage) return new MongoCommandError(ErrorCodes.Location40324, 'Location40324', `Unrecognized pipeline stage name: '${stage[1]}'`);
  const operator = /(?:unknown|unsupported|invalid)[^$]*operator[^$]*(\$\w+)/i.exec(message) ?? /operator[^$]*(\$\w+)[^.]*(?:not|unknown)/i.exec(message);
  if (operator) return new MongoCommandError(ErrorCodes.BadValue, 'BadValue', `unknown operator: ${operator[1]}`);
  return new MongoCommandError(ErrorCodes.BadValue, 'BadValue', message);
}
