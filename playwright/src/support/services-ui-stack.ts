import { startServicesTopology, type FrontendPluginEntry, type ServicesTopologyOptions } from '@lattice/cli/test-kit';
import { createGraphQLClient, logIn, type TestPlatform } from '@lattice/platform/test-kit';
import type { FrontendPlugin } from '@lattice/ui-shell/server';
import type { UiStack } from './ui-stack.js';

function notInServicesMode(what: string): never {
  throw new Error(`${what} is not available against the services topology (LATTICE_UI_STACK=services): run this test against npm start's stack`);
}

function soloPlugin(name: string): 'core' | 'imap' {
  if (name === 'core' || name === 'imap') return name;
  return notInServicesMode(`stopping or starting the ${name} host alone`);
}

function configsEntries(plugins: FrontendPlugin[]): FrontendPluginEntry[] {
  return plugins.map(({ name, ui, remoteUrl }) => (remoteUrl ? { name, ui, ui_url: remoteUrl } : { name, ui }));
}

/**
 * The browser tests' stack as services mode runs it: every role its own OS process (the CLI's test kit), the
 * browser on `lattice frontend` serving the UI of `plugins`, every API plugin of the topology enabled. Of the
 * platform, what a client can reach from outside exists (the gateway, the owner's GraphQL client, the
 * database's URL), and stopping or starting the core or imap host, each its own process. `topologyOptions` add
 * roles (the messenger and `lattice widgets`, whose address is then `widgetsUrl`).
 */
export async function startServicesUiStack(
  plugins: FrontendPlugin[],
  topologyOptions: Omit<ServicesTopologyOptions, 'frontendPlugins'> = {},
): Promise<UiStack & { widgetsUrl?: string }> {
  const topology = await startServicesTopology({ ...topologyOptions, frontendPlugins: configsEntries(plugins) });
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
      stopPlugin: (name) => topology.stopPluginHost(soloPlugin(name)),
      startPlugin: (name) => topology.startPluginHost(soloPlugin(name)),
    };
    const frontend = { url: topology.frontendUrl, port: Number(new URL(topology.frontendUrl).port), stop: async () => undefined };
    return {
      platform: new Proxy(reachable as TestPlatform, {
        get: (target, key) => {
          // Symbols and `then` are asked by inspection and promise resolution, not by tests.
          if (key in target || typeof key === 'symbol' || key === 'then') return target[key as keyof TestPlatform];
          return notInServicesMode(`stack.platform.${key}`);
        },
      }),
      frontend,
      owner: topology.owner,
      // The front-end restarts on the same address, so the stack's URL stays true.
      restartFrontend: async (list) => {
        await topology.restartFrontend(configsEntries(list));
        return frontend;
      },
      stop: () => topology.stop(),
      widgetsUrl: topology.widgetsUrl,
    };
  } catch (error) {
    await topology.stop();
    throw error;
  }
}
