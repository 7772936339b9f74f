import { performance } from 'node:perf_hooks';
import { runPlatform } from '../platform/run-platform.js';
import { stopOnSignal } from '../stop-on-signal.js';

export interface StartArguments {
  config: string;
  dataDir: string;
  port: number;
  /** The interface the gateway, the integrations port and the front-end listen on; 127.0.0.1 when omitted. */
  host?: string;
  dev: boolean;
}

/** Runs the platform in this process until Ctrl-C (or SIGTERM), then stops everything cleanly. */
export async function start(args: StartArguments): Promise<void> {
  const startedAt = performance.now();
  const lattice = await runPlatform({ configFile: args.config, dataDir: args.dataDir, gatewayPort: args.port, host: args.host, dev: args.dev });
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const lines = [
    `Lattice is ready (${seconds} s)`,
    ...(lattice.frontendUrl ? [`  UI           ${lattice.frontendUrl}/`] : []),
    `  GraphQL      ${lattice.gatewayUrl}/graphql${args.dev ? ' (dev: introspection on, GraphiQL in a browser)' : ''}`,
    `  Health       ${lattice.gatewayUrl}/health`,
    `  Integrations ${lattice.integrationsUrl}/<integration>/`,
    ...Object.entries(lattice.pluginUrls).map(([name, url]) => `  Plugin       ${name} at ${url} (HTTP routes: ${lattice.gatewayUrl}/pl:${name}/)`),
    ...lattice.serviceDescriptions.map((description) => `  ${description}`),
    'Press Ctrl-C to stop.',
  ];
  console.log(lines.join('\n'));

  stopOnSignal('start', () => lattice.stop());
}
