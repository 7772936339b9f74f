import type { Document } from 'bson';
import { MongoCommandError } from '../errors.js';
import { toCommandError } from '../query/mingo-errors.js';

/** One entry of a write command's `writeErrors`, in MongoDB's shape. */
export function writeError(index: number, error: unknown): Document {
  const shaped = error instanceof MongoCommandError ? error : toCommandError(error);
  return { index, code: shaped.code, codeName: shaped.codeName, errmsg: shaped.message, ...shaped.extra };
}

export function withWriteErrors(reply: Document, errors: Document[]): Document {
  return errors.length > 0 ? { ...reply, writeErrors: errors } : reply;
}
