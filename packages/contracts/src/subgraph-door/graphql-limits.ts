import { GraphQLError } from 'graphql';
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
  /**
   * Most cost with the lists a plugin can size counted at their real size (its `listBounds`), which its host
   * checks before execution besides `maxCost`: about 20,000 whole documents (some 4 MB), so `documents` without
   * arguments still lists every document of a large collection (SPEC.md), and 100 aliases of it do not.
   */
  maxRealCost: number;
  /**
   * Most list items one request's answer may hold, counted in the plugin host while the lists resolve: the real
   * cost checked before execution rests on bounds up to a second old, so a query let in on a stale count
   * (100 aliases of a list that has just grown) is stopped with RESPONSE_TOO_LARGE as its lists come back.
   */
  maxListItems: number;
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
  maxRealCost: 200_000,
  maxListItems: 50_000,
};

/**
 * The limits a door applies: `overrides` (configs.json's `limits` block, validated where it is read) over
 * GRAPHQL_LIMITS. A key left out, or undefined, keeps its default.
 */
export function graphqlLimitsWith(overrides: Partial<GraphqlLimits> = {}): Readonly<GraphqlLimits> {
  const given = Object.entries(overrides).filter(([, value]) => value !== undefined);
  return given.length === 0 ? GRAPHQL_LIMITS : { ...GRAPHQL_LIMITS, ...Object.fromEntries(given) };
}

const SPACE = new Set([0x20, 0x09, 0x0a, 0x0d, 0x2c, 0xfeff]); // and the comma, which GraphQL ignores
const OPENING = new Set([0x7b, 0x5b, 0x28]); // { [ (
const CLOSING = new Set([0x7d, 0x5d, 0x29]); // } ] )

function isNameChar(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) || code === 0x5f;
}

/** Where the string that starts at `start` (a `"`) ends, block strings and escapes included. */
function afterString(text: string, start: number): number {
  if (text.startsWith('"""', start)) {
    for (let from = start + 3; ; ) {
      const end = text.indexOf('"""', from);
      if (end === -1) return text.length;
      // \""" is an escaped quote inside a block string.
      if (text.charCodeAt(end - 1) !== 0x5c) return end + 3;
      from = end + 3;
    }
  }
  let index = start + 1;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code === 0x5c) index += 2;
    else if (code === 0x22 || code === 0x0a) return index + 1;
    else index += 1;
  }
  return index;
}

/**
 * Refuses a query text past the token or nesting limit in one flat scan of its characters (no recursion, no
 * token objects: a 100 KB text costs well under a millisecond), before graphql-js parses it. The scan counts
 * as the lexer does, near enough; the parser's own `maxTokens` still holds exactly. Undefined: may be parsed.
 */
export function checkQueryText(query: string, limits: Pick<GraphqlLimits, 'maxTokens' | 'maxNesting' | 'maxDepth'> = GRAPHQL_LIMITS): GraphQLError | undefined {
  let nesting = 0;
  let tokens = 0;
  const { length } = query;
  let index = 0;
  while (index < length) {
    const code = query.charCodeAt(index);
    if (SPACE.has(code)) {
      index += 1;
      continue;
    }
    if (code === 0x23) {
      // A comment, to the end of its line.
      const end = query.indexOf('\n', index);
      index = end === -1 ? length : end + 1;
      continue;
    }
    tokens += 1;
    if (tokens > limits.maxTokens) {
      return new GraphQLError(`Document contains more than ${limits.maxTokens} tokens. Parsing aborted.`, { extensions: { code: QUERY_TOO_COMPLEX } });
    }
    if (code === 0x22) {
      index = afterString(query, index);
    } else if (isNameChar(code) || code === 0x2d) {
      index += 1;
      while (index < length && (isNameChar(query.charCodeAt(index)) || query.charCodeAt(index) === 0x2e)) index += 1;
    } else if (OPENING.has(code)) {
      nesting += 1;
      if (nesting > limits.maxNesting) {
        return new GraphQLError(`Query is too deep: the operation nests more than ${limits.maxNesting} levels, the limit is ${limits.maxDepth}`, {
          extensions: { code: QUERY_TOO_COMPLEX },
        });
      }
      index += 1;
    } else if (CLOSING.has(code)) {
      nesting -= 1;
      index += 1;
    } else if (code === 0x2e && query.startsWith('...', index)) {
      index += 3;
    } else {
      index += 1;
    }
  }
  return undefined;
}
