import { GraphQLError, type GraphQLFormattedError } from 'graphql';

const INTERNAL_MESSAGE = 'Internal server error';

/**
 * Gives every error a stable `extensions.code` and keeps internals out of client responses outside dev:
 * codes a subgraph set pass through unchanged; an error the gateway itself threw becomes INTERNAL with a
 * generic message; stack traces only in dev.
 */
export function formatError(error: GraphQLError, dev: boolean): GraphQLFormattedError {
  const formatted = error.toJSON();
  const extensions: Record<string, unknown> = { ...formatted.extensions };
  let message = formatted.message;
  if (typeof extensions['code'] !== 'string') {
    extensions['code'] = 'INTERNAL';
    const thrownByCode = error.originalError && !(error.originalError instanceof GraphQLError);
    if (thrownByCode && !dev) message = INTERNAL_MESSAGE;
  }
  if (dev) {
    const stack = error.originalError?.stack;
    if (stack && extensions['stacktrace'] === undefined) extensions['stacktrace'] = stack.split('\n');
  } else {
    delete extensions['stacktrace'];
    delete extensions['exception'];
  }
  return { ...formatted, message, extensions };
}

export function formatErrors(errors: readonly GraphQLError[], dev: boolean): GraphQLFormattedError[] {
  return errors.map((error) => formatError(error, dev));
}
