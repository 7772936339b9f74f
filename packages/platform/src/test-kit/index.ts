export { startTestPlatform, type TestPlatform, type TestPlatformOptions } from './start-test-platform.js';
export { createGraphQLClient, type GraphQLClient, type GraphQLResponse } from './graphql-client.js';
export { logIn } from './log-in.js';
export { connectTestBroker } from './connect-test-broker.js';
export { subscribeOverWebSocket, type SubscriptionEnd, type TestSubscription } from '@lattice/gateway/test-kit';
export { startTestDatabase, type TestDatabase } from './test-database.js';
export { answerSessionChecks, type TestSessions, type TestSessionUser } from './answer-session-checks.js';
export { waitFor, type WaitForOptions } from './wait-for.js';
