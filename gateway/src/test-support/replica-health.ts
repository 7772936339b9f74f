import type { Gateway } from '../index.js';
import type { TestPluginHost } from './test-plugin-host.js';

interface HealthBody {
  plugins: Record<string, string>;
  replicas: Record<string, Array<{ url: string; status: string }>>;
}

/** The gateway's `/health` body. */
export async function gatewayHealth(gateway: Gateway): Promise<HealthBody> {
  const response = await fetch(`${gateway.url}/health`);
  return (await response.json()) as HealthBody;
}

/** The status `/health` gives the replica at `host`. */
export async function replicaStatus(gateway: Gateway, plugin: string, host: TestPluginHost): Promise<string | undefined> {
  const { replicas } = await gatewayHealth(gateway);
  return replicas[plugin]?.find(({ url }) => url === host.url)?.status;
}

/** GraphQL operations the host received from clients (the gateway's own SDL reads left out). */
export function operationsSeen(host: TestPluginHost, containing = ''): number {
  return host.graphqlBodies.filter((body) => !body.includes('__LatticeGatewaySdl') && body.includes(containing)).length;
}
