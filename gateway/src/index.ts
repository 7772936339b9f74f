export { startGateway } from './start-gateway.js';
export type { Gateway, GatewayOptions, SubgraphEndpoint } from './options.js';
export { DEFAULT_HOST, DEFAULT_PORT, DEFAULT_POLL_INTERVAL_MS, MAX_BODY_BYTES } from './options.js';
// The subgraph door's protocol lives in @lattice/contracts (a plugin host needs it without the gateway); these
// names stay here for the gateway's users.
export { checkQueryText, GRAPHQL_LIMITS, type GraphqlLimits } from '@lattice/contracts';
export { operationLimitsRule, QUERY_TOO_COMPLEX, type OperationLimits } from '@lattice/contracts';
export {
  bodyHash,
  createSubgraphSigner,
  NO_BODY,
  NonceStore,
  SUBGRAPH_SIGNATURE_HEADER,
  subgraphSigningKey,
  verifySubgraphSignature,
  WEBSOCKET_UPGRADE,
  type SignatureCheck,
  type SignedRequest,
  type SubgraphSigner,
} from '@lattice/contracts';
