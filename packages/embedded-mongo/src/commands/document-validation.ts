import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError } from '../errors.js';
import { type Matcher, compileFilter } from '../query/matcher.js';
import { isPlainObject } from '../query/path-values.js';
import type { Collection } from '../storage/collection.js';

/**
 * Collection validators as MongoDB enforces them: a written document must match `validator` (a
 * query, `$jsonSchema` included) unless `validationLevel` is `off`, or `moderate` and the document
 * being updated did not match before; `validationAction: 'warn'` lets the write through.
 */
const LEVELS = ['off', 'strict', 'moderate'];
const ACTIONS = ['error', 'warn', 'errorAndLog'];

const compiled = new WeakMap<Document, Matcher>();

function enumeration(value: unknown, field: string, allowed: string[]): void {
  if (value !== undefined && (typeof value !== 'string' || !allowed.includes(value))) {
    throw new MongoCommandError(ErrorCodes.BadValue, 'BadValue', `Enumeration value '${String(value)}' for field '${field}' is not a valid value.`);
  }
}

/**
 * Checks the validation options of `create` or `collMod` before they are stored: a validator that
 * does not compile (unknown operator, unsupported `$jsonSchema` keyword) is refused there, never ignored.
 */
export function checkValidationOptions(options: Document): void {
  const { validator } = options;
  if (validator !== undefined) {
    if (!isPlainObject(validator)) throw new MongoCommandError(ErrorCodes.TypeMismatch, 'TypeMismatch', "BSON field 'validator' is the wrong type, expected type 'object'");
    compileFilter(validator);
  }
  enumeration(options.validationLevel, 'validationLevel', LEVELS);
  enumeration(options.validationAction, 'validationAction', ACTIONS);
}

function validatorOf(collection: Collection): Matcher | undefined {
  const { options } = collection;
  if (!isPlainObject(options.validator) || Object.keys(options.validator).length === 0) return undefined;
  let matcher = compiled.get(options);
  if (!matcher) {
    matcher = compileFilter(options.validator);
    compiled.set(options, matcher);
  }
  return matcher;
}

/**
 * Refuses a write whose resulting document fails the collection's validator (code 121).
 * `before` is the stored version for an update, undefined for an insert (upserts included).
 */
export function validateWrite(collection: Collection, before: Document | undefined, after: Document, bypass: unknown): void {
  if (bypass === true) return;
  const validator = validatorOf(collection);
  if (!validator) return;
  const level = collection.options.validationLevel ?? 'strict';
  if (level === 'off' || collection.options.validationAction === 'warn') return;
  if (validator.test(after)) return;
  if (level === 'moderate' && before !== undefined && !validator.test(before)) return;
  throw new MongoCommandError(121, 'DocumentValidationFailure', 'Document failed validation', { errInfo: { failingDocumentId: after._id } });
}
