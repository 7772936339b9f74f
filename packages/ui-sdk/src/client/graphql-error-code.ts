import { CombinedGraphQLErrors } from '@apollo/client';

/** The `extensions.code` of the first GraphQL error in an Apollo error, if it carries one. */
export function graphQLErrorCode(error: unknown): string | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const code = error.errors[0]?.extensions?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The message to show a user: the server's own message for GraphQL errors, not Apollo's wrapper text. */
export function graphQLErrorMessage(error: unknown): string {
  if (CombinedGraphQLErrors.is(error)) return error.errors.map((item) => item.message).join('; ');
  if (error instanceof Error) return error.message;
  return String(error);
}
