import { unwrapResolverError } from '@apollo/server/errors';
import type { GraphQLFormattedError } from 'graphql';
import mongoose from 'mongoose';
import type { Logger } from 'pino';
import { type ErrorCode, isDuplicateKeyError, LatticeError } from '@lattice/plugin-sdk';

/** Apollo's own codes for a request the client got wrong; all of them are bad user input to our callers. */
const clientErrorCodes = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'OPERATION_RESOLUTION_FAILURE',
]);

function withCode(formatted: GraphQLFormattedError, code: ErrorCode, message = formatted.message) {
  const { stacktrace: _stacktrace, ...extensions } = formatted.extensions ?? {};
  return { ...formatted, message, extensions: { ...extensions, code } };
}

/** Codes the platform's own limits give (validation rules, the deadline); Apollo's wrappers must not hide them. */
const limitCodes = new Set<ErrorCode>(['QUERY_TOO_COMPLEX', 'DEADLINE_EXCEEDED', 'PAYLOAD_TOO_LARGE', 'RESPONSE_TOO_LARGE']);

/** The limit code a GraphQL error (or one it wraps) carries, if any. */
function limitCode(error: unknown): ErrorCode | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { extensions?: { code?: unknown } }).extensions?.code;
    if (typeof code === 'string' && limitCodes.has(code as ErrorCode)) return code as ErrorCode;
    current = (current as { originalError?: unknown }).originalError;
  }
  return undefined;
}

/** A Lattice error wrapped by GraphQL or Apollo on its way out, or the error itself. */
function latticeCause(error: unknown): unknown {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (current instanceof LatticeError) return current;
    current = (current as { originalError?: unknown }).originalError;
  }
  return error;
}

/**
 * The one place where a GraphQL error gets its `extensions.code`: our closed vocabulary
 * (BAD_USER_INPUT, NOT_FOUND, UNAUTHENTICATED, FORBIDDEN, PLUGIN_UNAVAILABLE, INTERNAL).
 * Anything unexpected becomes INTERNAL with a generic message outside dev, and is logged.
 */
export function createErrorFormatter(logger: Logger, dev: boolean) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const limit = limitCode(error);
    if (limit) return withCode(formatted, limit);
    const original = latticeCause(unwrapResolverError(error));
    if (original instanceof LatticeError) return withCode(formatted, original.code, original.message);
    if (original instanceof mongoose.Error.ValidationError || original instanceof mongoose.Error.CastError) {
      return withCode(formatted, 'BAD_USER_INPUT', original.message);
    }
    // MaxTimeExpired: a read given the request's time left (maxTimeMS) ran out of it.
    if ((original as { code?: unknown } | undefined)?.code === 50 && original instanceof mongoose.mongo.MongoServerError) {
      return withCode(formatted, 'DEADLINE_EXCEEDED', 'The request ran past its execution deadline: ask for less');
    }
    if (isDuplicateKeyError(original)) return withCode(formatted, 'BAD_USER_INPUT', 'A record with the same unique value already exists');
    const code = formatted.extensions?.code;
    if (typeof code === 'string' && clientErrorCodes.has(code)) return withCode(formatted, 'BAD_USER_INPUT');
    if (code === 'UNAUTHENTICATED' || code === 'FORBIDDEN') return withCode(formatted, code);
    logger.error({ err: original }, 'unexpected error in a GraphQL request');
    if (dev) return { ...formatted, extensions: { ...formatted.extensions, code: 'INTERNAL' } };
    return withCode(formatted, 'INTERNAL', 'Internal server error');
  };
}
