import { startServicesTopology } from '@lattice/cli/test-kit';
import { createGraphQLClient, logIn, type TestPlatform } from '@lattice/platform/test-kit';
import type { UiStack } from './ui-stack.js';

function notInServicesMode(what: string): never {
  throw new Error(`${what} is not available against the services topology (LATTICE_UI_STACK=services): run this test against npm start's stack`);
}

/**
 * The browser tests' stack as services mode runs it: every role its own OS process (the CLI's test kit), the
 * browser on `lattice frontend`, every plugin of the topology's configs.json enabled. Of the platform, what a
 * client can reach from outside exists (the gateway, the owner's GraphQL client, the database's URL); stopping
 * or starting one plugin host in the test's own process does not.
 */
export async function startServicesUiStack(): Promise<UiStack> {
  const topology = await startServicesTopology();
  try {
    const graphqlUrl = `${topology.gatewayUrl}/graphql`;
    const authCookie = await logIn(graphqlUrl, topology.owner);
    const reachable: Partial<TestPlatform> = {
      gatewayUrl: topology.gatewayUrl,
      integrationsUrl: topology.integrationsUrl,
      mongoUrl: topology.mongoUrl,
      owner: topology.owner,
      authCookie,
      graphql: createGraphQLClient(graphqlUrl, { cookie: authCookie }),
      anonymousGraphql: createGraphQLClient(graphqlUrl),
    };
    return {
      platform: new Proxy(reachable as TestPlatform, {
        get: (target, key) => {
          // Symbols and `then` are asked by inspection and promise resolution, not by tests.
          if (key in target || typeof key === 'symbol' || key === 'then') return target[key as keyof TestPlatform];
          return notInServicesMode(`stack.platform.${key}`);
        },
      }),
      frontend: { url: topology.frontendUrl, port: Number(new URL(topology.frontendUrl).port), stop: async () => undefined },
      owner: topology.owner,
      restartFrontend: () => notInServicesMode('restartFrontend'),
      stop: () => topology.stop(),
    };
  } catch (error) {
    await topology.stop();
    throw error;
  }
}
