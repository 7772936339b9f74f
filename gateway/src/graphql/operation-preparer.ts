import {
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ValidationRule,
} from 'graphql';
import { LRUCache } from 'lru-cache';
import { checkQueryText, GRAPHQL_LIMITS, type GraphqlLimits, operationLimitsRule } from '@lattice/contracts';
import { planRootSplit, type RootSplit } from './root-split.js';
import { singleSubgraphRoute } from './single-subgraph-route.js';
import type { Supergraph } from './supergraph.js';

const CACHE_CAPACITY = 1000;
// Texts longer than this are parsed every time rather than pinned in the cache.
const MAX_CACHED_QUERY_LENGTH = 64 * 1024;

export type PreparedOperation =
  | {
      readonly ok: true;
      readonly document: DocumentNode;
      /** The subgraphs that can answer it whole (the fast path); empty when it needs several. */
      readonly route: readonly string[];
      /** When it needs several: how to send each its own root fields, if that answers it (planRootSplit). */
      readonly split: RootSplit | undefined;
    }
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
 * Parses and validates a query text against one supergraph and decides how to answer it, once per text:
 * the result is kept in a bounded LRU, so a repeated operation costs one map lookup.
 */
export class OperationPreparer {
  readonly #cache = new LRUCache<string, PreparedOperation>({ max: CACHE_CAPACITY });
  readonly #rules: ValidationRule[];
  readonly #limits: Readonly<GraphqlLimits>;

  constructor(
    readonly supergraph: Supergraph,
    dev: boolean,
    limits: Readonly<GraphqlLimits> = GRAPHQL_LIMITS,
  ) {
    this.#limits = limits;
    this.#rules = [...specifiedRules, operationLimitsRule(limits)];
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
    const refused = checkQueryText(query, this.#limits);
    if (refused) return { ok: false, errors: [refused] };
    let document: DocumentNode;
    try {
      document = parse(query, { maxTokens: this.#limits.maxTokens });
    } catch (error) {
      if (error instanceof GraphQLError) return { ok: false, errors: [withCode(error)] };
      throw error;
    }
    const errors = validate(this.supergraph.schema, document, this.#rules);
    if (errors.length > 0) return { ok: false, errors: errors.map(withCode) };
    const { schema, ownership } = this.supergraph;
    const route = singleSubgraphRoute(schema, ownership, document);
    return { ok: true, document, route, split: route.length === 0 ? planRootSplit(schema, ownership, document) : undefined };
  }
}
