import { performance } from 'node:perf_hooks';
import type { CommandInput } from '../command/command.js';
import { configOption, dataDirOption, devOption, gatewayPort, hostOption, listenHost, mobilePort, mobilePortOption, optionalPort, portOption } from '../command/shared-options.js';
import { stopOnSignal } from '../stop-on-signal.js';

export interface StartArguments {
  config: string;
  dataDir: string;
  port: number;
  /** The phone app's port (`--mobile-port`, default 4100). */
  mobilePort?: number;
  /** The front-end's port (`--ui-port` or LATTICE_UI_PORT, default 3000). */
  uiPort?: number;
  /** The integrations ingress's port (`--integrations-port` or LATTICE_INTEGRATIONS_PORT, default 3400). */
  integrationsPort?: number;
  /** The interface the gateway, the integrations port and the front-end listen on; 127.0.0.1 when omitted. */
  host?: string;
  dev: boolean;
}

export const summary = 'run the whole platform in this process (embedded defaults unless MONGO_URL/RABBITMQ_URL/REDIS_URL are set)';

export const options = {
  config: configOption,
  'data-dir': dataDirOption,
  port: portOption("the gateway's port (default: LATTICE_GATEWAY_PORT or 3300)"),
  'mobile-port': mobilePortOption,
  'ui-port': portOption("the front-end's port, / (default: LATTICE_UI_PORT or 3000)"),
  'integrations-port': portOption("the integrations ingress's port, /integrations/ (default: LATTICE_INTEGRATIONS_PORT or 3400)"),
  host: hostOption,
  dev: devOption,
};

export async function run({ values }: CommandInput<typeof options>): Promise<void> {
  await start({ config: values.config, dataDir: values['data-dir'], ...startPorts(values), host: listenHost(values.host), dev: values.dev });
}

/** The ports `lattice start` listens on, from its options, else their environment variables, else the defaults. */
export function startPorts(values: { port?: string; 'mobile-port'?: string; 'ui-port'?: string; 'integrations-port'?: string }) {
  return {
    port: gatewayPort(values.port),
    mobilePort: mobilePort(values['mobile-port']),
    uiPort: optionalPort(values['ui-port'], 'LATTICE_UI_PORT', '--ui-port'),
    integrationsPort: optionalPort(values['integrations-port'], 'LATTICE_INTEGRATIONS_PORT', '--integrations-port'),
  };
}

/** Runs the platform in this process until Ctrl-C (or SIGTERM), then stops everything cleanly. */
export async function start(args: StartArguments): Promise<void> {
  const startedAt = performance.now();
  // Loaded here, not at the top: `lattice --help` reads every command file and should not load the platform.
  const { runPlatform } = await import('../platform/run-platform.js');
  const lattice = await runPlatform({ configFile: args.config, dataDir: args.dataDir, gatewayPort: args.port, mobilePort: args.mobilePort, frontendPort: args.uiPort, integrationsPort: args.integrationsPort, host: args.host, dev: args.dev });
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const lines = [
    `Lattice is ready (${seconds} s)`,
    ...(lattice.frontendUrl ? [`  UI           ${lattice.frontendUrl}/`] : []),
    ...(lattice.mobileUrl ? [`  Mobile app   ${lattice.mobileUrl}`] : []),
    `  GraphQL      ${lattice.gatewayUrl}/graphql${args.dev ? ' (dev: introspection on, GraphiQL in a browser)' : ''}`,
    `  Health       ${lattice.gatewayUrl}/health`,
    `  Integrations ${lattice.integrationsUrl}/<integration>/`,
    ...(lattice.widgetsUrl ? [`  Widgets      ${lattice.widgetsUrl}/messenger.js`] : []),
    ...(lattice.dashboardApiUrl
      ? [`  Dashboard    ${lattice.frontendUrl ? `${lattice.frontendUrl}/dashboard/front/ (API ` : '('}${lattice.dashboardApiUrl}/v1)`]
      : ['  Dashboard    off (configs.json has no "dashboard" key)']),
    ...Object.entries(lattice.pluginUrls).map(([name, url]) => `  Plugin       ${name} at ${url} (HTTP routes: ${lattice.gatewayUrl}/pl:${name}/)`),
    ...lattice.serviceDescriptions.map((description) => `  ${description}`),
    'Press Ctrl-C to stop.',
  ];
  console.log(lines.join('\n'));

  stopOnSignal('start', () => lattice.stop());
}
