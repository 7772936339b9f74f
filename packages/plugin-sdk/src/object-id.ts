import { isValidObjectId, Types } from 'mongoose';
import { InputError } from './errors.js';

/** Parses an id argument at the edge so a malformed one is a BAD_USER_INPUT, not a cast error deep inside. */
export function parseObjectId(value: string, argumentName = '_id'): Types.ObjectId {
  if (typeof value !== 'string' || !/^[0-9a-fA-F]{24}$/.test(value) || !isValidObjectId(value)) {
    throw new InputError(`Invalid ${argumentName} "${String(value)}": expected a 24-character hexadecimal id`);
  }
  return new Types.ObjectId(value);
}
