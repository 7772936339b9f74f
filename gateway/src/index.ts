export { startGateway } from './start-gateway.js';
export type { Gateway, GatewayOptions, SubgraphEndpoint } from './options.js';
export { DEFAULT_HOST, DEFAULT_PORT, DEFAULT_POLL_INTERVAL_MS, MAX_BODY_BYTES } from './options.js';
export { checkQueryText, GRAPHQL_LIMITS, type GraphqlLimits } from './graphql/graphql-limits.js';
export { operationLimitsRule, QUERY_TOO_COMPLEX, type OperationLimits } from './graphql/operation-limits-rule.js';
export {
  bodyHash,
  createSubgraphSigner,
  NO_BODY,
  SUBGRAPH_SIGNATURE_HEADER,
  subgraphSigningKey,
  verifySubgraphSignature,
  type SignatureCheck,
  type SubgraphSigner,
} from './subgraphs/subgraph-signature.js';
