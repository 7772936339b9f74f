export { startGateway } from './start-gateway.js';
export type { Gateway, GatewayOptions, SubgraphEndpoint } from './options.js';
export { DEFAULT_PORT, DEFAULT_POLL_INTERVAL_MS, MAX_BODY_BYTES } from './options.js';
