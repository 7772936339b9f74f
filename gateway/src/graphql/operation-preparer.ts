import {
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ValidationRule,
} from 'graphql';
import { LruCache } from './lru-cache.js';
import { operationLimitsRule, type OperationLimits } from './operation-limits-rule.js';
import { singleSubgraphRoute } from './single-subgraph-route.js';
import type { Supergraph } from './supergraph.js';

// Lattice's schemas nest a few levels; a depth-20 query is an attack, not a screen's data.
export const OPERATION_LIMITS: OperationLimits = { maxDepth: 12, maxFields: 5000, maxAliases: 100 };
/** graphql-js stops parsing past this many tokens, so a huge query is refused before it costs memory. */
export const MAX_QUERY_TOKENS = 20_000;
const CACHE_CAPACITY = 1000;
// Texts longer than this are parsed every time rather than pinned in the cache.
const MAX_CACHED_QUERY_LENGTH = 64 * 1024;

export type PreparedOperation =
  | { readonly ok: true; readonly document: DocumentNode; readonly route: readonly string[] }
  | { readonly ok: false; readonly errors: readonly GraphQLError[] };

function withCode(error: GraphQLError): GraphQLError {
  if (error.extensions['code']) return error;
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    extensions: { ...error.extensions, code: 'BAD_USER_INPUT' },
  });
}

/**
 * Parses and validates a query text against one supergraph and decides its route, once per text:
 * the result is kept in a bounded LRU, so a repeated operation costs one map lookup.
 */
export class OperationPreparer {
  readonly #cache = new LruCache<string, PreparedOperation>(CACHE_CAPACITY);
  readonly #rules: ValidationRule[];

  constructor(
    readonly supergraph: Supergraph,
    dev: boolean,
  ) {
    this.#rules = [...specifiedRules, operationLimitsRule(OPERATION_LIMITS)];
    if (!dev) this.#rules.push(NoSchemaIntrospectionCustomRule);
  }

  prepare(query: string): PreparedOperation {
    const cached = this.#cache.get(query);
    if (cached) return cached;
    const prepared = this.#prepareUncached(query);
    if (query.length <= MAX_CACHED_QUERY_LENGTH) this.#cache.set(query, prepared);
    return prepared;
  }

  #prepareUncached(query: string): PreparedOperation {
    let document: DocumentNode;
    try {
      document = parse(query, { maxTokens: MAX_QUERY_TOKENS });
    } catch (error) {
      if (error instanceof GraphQLError) return { ok: false, errors: [withCode(error)] };
      throw error;
    }
    const errors = validate(this.supergraph.schema, document, this.#rules);
    if (errors.length > 0) return { ok: false, errors: errors.map(withCode) };
    const route = singleSubgraphRoute(this.supergraph.schema, this.supergraph.ownership, document);
    return { ok: true, document, route };
  }
}
