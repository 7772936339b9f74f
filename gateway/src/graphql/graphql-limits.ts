import { GraphQLError, Lexer, Source, TokenKind } from 'graphql';
import { QUERY_TOO_COMPLEX, type OperationLimits } from './operation-limits-rule.js';

/**
 * The limits of every GraphQL door: the gateway's `/graphql` (HTTP and websocket) and each plugin host's
 * `/graphql` apply the same numbers, so no door is cheaper to abuse than another.
 */
export interface GraphqlLimits extends OperationLimits {
  /** Largest request body (a GraphQL request is a query and its variables, never a file). */
  maxBodyBytes: number;
  /** graphql-js stops parsing past this many tokens, so a huge query is refused before it costs memory. */
  maxTokens: number;
  /**
   * Deepest nesting of braces and brackets in the text, checked by a flat scan before parsing: a query nested
   * thousands of levels deep would otherwise overflow the recursive parser's stack (a 500 instead of a 400).
   */
  maxNesting: number;
  /** Execution deadline of one request in a plugin host: fields not resolved by then are DEADLINE_EXCEEDED errors. */
  deadlineMs: number;
  /** Largest response body: a larger answer is replaced by one RESPONSE_TOO_LARGE error. */
  maxResponseBytes: number;
}

// Lattice's schemas nest a few levels; a depth-20 query is an attack, not a screen's data.
export const GRAPHQL_LIMITS: Readonly<GraphqlLimits> = {
  maxDepth: 12,
  maxFields: 5000,
  maxAliases: 100,
  maxCost: 50_000,
  listSize: 100,
  maxBodyBytes: 1024 * 1024,
  maxTokens: 20_000,
  maxNesting: 64,
  deadlineMs: 10_000,
  maxResponseBytes: 16 * 1024 * 1024,
};

/**
 * Refuses a query text that is past the token or nesting limit, in one flat pass of the lexer (no recursion),
 * before it is parsed. Returns undefined for a text that may be parsed; syntax errors are left to the parser.
 */
export function checkQueryText(query: string, limits: Pick<GraphqlLimits, 'maxTokens' | 'maxNesting' | 'maxDepth'> = GRAPHQL_LIMITS): GraphQLError | undefined {
  const lexer = new Lexer(new Source(query));
  let nesting = 0;
  let tokens = 0;
  try {
    for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
      tokens += 1;
      if (tokens > limits.maxTokens) {
        return new GraphQLError(`Document contains more than ${limits.maxTokens} tokens. Parsing aborted.`, {
          extensions: { code: QUERY_TOO_COMPLEX },
        });
      }
      if (token.kind === TokenKind.BRACE_L || token.kind === TokenKind.BRACKET_L || token.kind === TokenKind.PAREN_L) {
        nesting += 1;
        if (nesting > limits.maxNesting) {
          return new GraphQLError(
            `Query is too deep: the operation nests more than ${limits.maxNesting} levels, the limit is ${limits.maxDepth}`,
            { extensions: { code: QUERY_TOO_COMPLEX } },
          );
        }
      } else if (token.kind === TokenKind.BRACE_R || token.kind === TokenKind.BRACKET_R || token.kind === TokenKind.PAREN_R) {
        nesting -= 1;
      }
    }
  } catch {
    // A syntax error: the parser reports it with its position.
    return undefined;
  }
  return undefined;
}
