import { MongoCommandError, ErrorCodes, notImplemented } from '../errors.js';
import { compareValues, typeRank } from './bson-order.js';
import { matchesBsonType } from './bson-type.js';
import { numericView, originalOf } from './numeric-view.js';
import { isPlainObject } from './path-values.js';
import { guardRegex } from './regex-guard.js';

/**
 * MongoDB's `$jsonSchema` (draft 4 with `bsonType`, as documented for validators and queries),
 * compiled into a predicate. Each keyword constrains only values of its kind (`minimum` numbers,
 * `required` objects…), as MongoDB applies them. Keywords MongoDB does not support are refused as it
 * refuses them (code 9); the ones it supports that are not built here are refused as not implemented.
 */
type Check = (value: unknown) => boolean;
type Schema = Record<string, unknown>;

const PROPERTY_KEYWORDS = ['properties', 'patternProperties', 'additionalProperties'];
const ANNOTATIONS = new Set(['title', 'description']);
const REFUSED_BY_MONGODB = new Set(['$ref', '$schema', 'default', 'definitions', 'format', 'id']);
const NOT_BUILT = new Set(['encrypt', 'encryptMetadata']);
const JSON_TYPES: Record<string, (value: unknown) => boolean> = {
  object: isPlainObject,
  array: Array.isArray,
  number: (v) => matchesBsonType(v, 'number'),
  boolean: (v) => typeof v === 'boolean',
  string: (v) => typeof v === 'string',
  null: (v) => v === null,
};

function failedToParse(message: string): MongoCommandError {
  return new MongoCommandError(ErrorCodes.FailedToParse, 'FailedToParse', message);
}

function asSchema(value: unknown, keyword: string): Schema {
  if (!isPlainObject(value)) throw new MongoCommandError(ErrorCodes.TypeMismatch, 'TypeMismatch', `$jsonSchema keyword '${keyword}' must be an object`);
  return value;
}

function asNumber(value: unknown, keyword: string): number {
  if (!matchesBsonType(value, 'number')) throw new MongoCommandError(ErrorCodes.TypeMismatch, 'TypeMismatch', `$jsonSchema keyword '${keyword}' must be a number`);
  return Number(typeof value === 'object' ? String(value) : value);
}

function asStrings(value: unknown, keyword: string): string[] {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) throw new MongoCommandError(ErrorCodes.TypeMismatch, 'TypeMismatch', `$jsonSchema keyword '${keyword}' must be an array of strings`);
  return value as string[];
}

const isNumeric = (v: unknown): boolean => matchesBsonType(v, 'number');
const numberOf = (v: unknown): number => (typeof v === 'number' ? v : Number(typeof v === 'bigint' ? v : String(v)));
const bsonEqual = (a: unknown, b: unknown): boolean => typeRank(a) === typeRank(b) && compareValues(a, b) === 0;
const onlyFor = (applies: (v: unknown) => boolean, check: Check): Check => (v) => !applies(v) || check(v);

function typeCheck(keyword: 'type' | 'bsonType', raw: unknown): Check {
  const names = Array.isArray(raw) ? raw : [raw];
  const tests = names.map((name) => {
    if (typeof name !== 'string') throw new MongoCommandError(ErrorCodes.TypeMismatch, 'TypeMismatch', `$jsonSchema keyword '${keyword}' must be a string or an array of strings`);
    if (keyword === 'bsonType') return (v: unknown) => matchesBsonType(v, name);
    if (name === 'integer') throw failedToParse("$jsonSchema type 'integer' is not currently supported.");
    const test = JSON_TYPES[name];
    if (!test) throw failedToParse(`Unknown type name alias: ${name}`);
    return test;
  });
  return (v) => tests.some((test) => test(v));
}

function keywordCheck(keyword: string, raw: unknown, schema: Schema): Check | undefined {
  switch (keyword) {
    case 'type':
    case 'bsonType':
      return typeCheck(keyword, raw);
    case 'enum': {
      if (!Array.isArray(raw) || raw.length === 0) throw failedToParse("$jsonSchema keyword 'enum' cannot be an empty array");
      return (v) => raw.some((allowed) => bsonEqual(v, allowed));
    }
    case 'minimum': {
      const bound = asNumber(raw, keyword);
      return onlyFor(isNumeric, schema.exclusiveMinimum === true ? (v) => numberOf(v) > bound : (v) => numberOf(v) >= bound);
    }
    case 'maximum': {
      const bound = asNumber(raw, keyword);
      return onlyFor(isNumeric, schema.exclusiveMaximum === true ? (v) => numberOf(v) < bound : (v) => numberOf(v) <= bound);
    }
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      if (typeof raw !== 'boolean') throw new MongoCommandError(ErrorCodes.TypeMismatch, 'TypeMismatch', `$jsonSchema keyword '${keyword}' must be a boolean`);
      const bound = keyword === 'exclusiveMinimum' ? 'minimum' : 'maximum';
      if (!(bound in schema)) throw failedToParse(`$jsonSchema keyword '${bound}' must be a present if ${keyword} is present`);
      return undefined;
    }
    case 'multipleOf': {
      const divisor = asNumber(raw, keyword);
      if (divisor <= 0) throw failedToParse("$jsonSchema keyword 'multipleOf' must have a positive value");
      return onlyFor(isNumeric, (v) => numberOf(v) % divisor === 0);
    }
    case 'minLength':
    case 'maxLength': {
      const bound = asNumber(raw, keyword);
      const length = (v: unknown): number => [...(v as string)].length;
      return onlyFor((v) => typeof v === 'string', keyword === 'minLength' ? (v) => length(v) >= bound : (v) => length(v) <= bound);
    }
    case 'pattern': {
      if (typeof raw !== 'string') throw new MongoCommandError(ErrorCodes.TypeMismatch, 'TypeMismatch', "$jsonSchema keyword 'pattern' must be a string");
      const regex = guardRegex(new RegExp(raw));
      return onlyFor((v) => typeof v === 'string', (v) => regex.test(v as string));
    }
    case 'minItems':
    case 'maxItems': {
      const bound = asNumber(raw, keyword);
      return onlyFor(Array.isArray, keyword === 'minItems' ? (v) => (v as unknown[]).length >= bound : (v) => (v as unknown[]).length <= bound);
    }
    case 'uniqueItems':
      if (raw !== true) return undefined;
      return onlyFor(Array.isArray, (v) => (v as unknown[]).every((item, i, all) => all.findIndex((other) => bsonEqual(other, item)) === i));
    case 'items':
      return itemsCheck(raw, schema.additionalItems);
    case 'additionalItems':
      return undefined; // Read together with `items`.
    case 'minProperties':
    case 'maxProperties': {
      const bound = asNumber(raw, keyword);
      const count = (v: unknown): number => Object.keys(v as object).length;
      return onlyFor(isPlainObject, keyword === 'minProperties' ? (v) => count(v) >= bound : (v) => count(v) <= bound);
    }
    case 'required': {
      const names = asStrings(raw, keyword);
      if (names.length === 0) throw failedToParse("$jsonSchema keyword 'required' cannot be an empty array");
      return onlyFor(isPlainObject, (v) => names.every((name) => Object.prototype.hasOwnProperty.call(v, name)));
    }
    case 'properties':
    case 'patternProperties':
    case 'additionalProperties':
      // The three are one check (a field no other names is "additional"), built at the first present.
      return keyword === PROPERTY_KEYWORDS.find((k) => k in schema) ? propertiesCheck(schema) : undefined;
    case 'dependencies':
      return dependenciesCheck(asSchema(raw, keyword));
    case 'allOf':
    case 'anyOf':
    case 'oneOf': {
      if (!Array.isArray(raw) || raw.length === 0) throw failedToParse(`$jsonSchema keyword '${keyword}' must be a non-empty array`);
      const checks = raw.map((sub) => compileSchema(asSchema(sub, keyword)));
      if (keyword === 'allOf') return (v) => checks.every((check) => check(v));
      if (keyword === 'anyOf') return (v) => checks.some((check) => check(v));
      return (v) => checks.filter((check) => check(v)).length === 1;
    }
    case 'not': {
      const check = compileSchema(asSchema(raw, keyword));
      return (v) => !check(v);
    }
    default:
      break;
  }
  if (ANNOTATIONS.has(keyword)) return undefined;
  if (REFUSED_BY_MONGODB.has(keyword)) throw failedToParse(`$jsonSchema keyword '${keyword}' is not currently supported`);
  if (NOT_BUILT.has(keyword)) throw notImplemented(`The $jsonSchema keyword '${keyword}'`);
  throw failedToParse(`Unknown $jsonSchema keyword: ${keyword}`);
}

function itemsCheck(items: unknown, additional: unknown): Check {
  if (!Array.isArray(items)) {
    const each = compileSchema(asSchema(items, 'items'));
    return onlyFor(Array.isArray, (v) => (v as unknown[]).every(each));
  }
  const positional = items.map((sub) => compileSchema(asSchema(sub, 'items')));
  const rest: Check =
    additional === undefined || additional === true ? () => true : additional === false ? () => false : compileSchema(asSchema(additional, 'additionalItems'));
  return onlyFor(Array.isArray, (v) => (v as unknown[]).every((item, i) => (i < positional.length ? (positional[i] as Check)(item) : rest(item))));
}

/** `properties`, `patternProperties` and `additionalProperties` together: a field no other names is "additional". */
function propertiesCheck(schema: Schema): Check {
  const named = Object.entries(schema.properties === undefined ? {} : asSchema(schema.properties, 'properties')).map(
    ([name, sub]) => [name, compileSchema(asSchema(sub, `properties.${name}`))] as const,
  );
  const patterned = Object.entries(schema.patternProperties === undefined ? {} : asSchema(schema.patternProperties, 'patternProperties')).map(
    ([pattern, sub]) => [guardRegex(new RegExp(pattern)), compileSchema(asSchema(sub, 'patternProperties'))] as const,
  );
  const extra = schema.additionalProperties;
  const additional: Check | undefined =
    extra === undefined || extra === true ? undefined : extra === false ? () => false : compileSchema(asSchema(extra, 'additionalProperties'));
  const names = new Map(named);
  return onlyFor(isPlainObject, (v) =>
    Object.entries(v as Schema).every(([field, value]) => {
      const byName = names.get(field);
      if (byName && !byName(value)) return false;
      const byPattern = patterned.filter(([regex]) => regex.test(field));
      if (byPattern.some(([, check]) => !check(value))) return false;
      return byName !== undefined || byPattern.length > 0 || !additional || additional(value);
    }),
  );
}

function dependenciesCheck(dependencies: Schema): Check {
  const checks = Object.entries(dependencies).map(([field, dependency]): Check => {
    const then: Check = Array.isArray(dependency)
      ? (v) => asStrings(dependency, `dependencies.${field}`).every((name) => Object.prototype.hasOwnProperty.call(v, name))
      : compileSchema(asSchema(dependency, `dependencies.${field}`));
    return (v) => !Object.prototype.hasOwnProperty.call(v, field) || then(v);
  });
  return onlyFor(isPlainObject, (v) => checks.every((check) => check(v)));
}

/** A predicate for one (sub)schema; throws MongoDB's error for a malformed or unsupported schema. */
export function compileSchema(schema: Schema): Check {
  const checks: Check[] = [];
  for (const [keyword, raw] of Object.entries(schema)) {
    const check = keywordCheck(keyword, raw, schema);
    if (check) checks.push(check);
  }
  return (v) => checks.every((check) => check(v));
}

/**
 * mingo's `jsonSchemaValidator` option: the top level of `$jsonSchema` describes the whole document,
 * read as stored (the matcher hands over a numeric view, which cannot tell `bsonType` double from int).
 */
export function jsonSchemaValidator(schema: unknown): (doc: unknown) => boolean {
  if (!isPlainObject(schema)) throw new MongoCommandError(ErrorCodes.TypeMismatch, 'TypeMismatch', '$jsonSchema must be an object');
  const check = compileSchema(numericView(schema));
  return (doc) => check(originalOf(doc));
}
