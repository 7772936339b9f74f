import { resolve } from 'node:path';
import type { CommandInput } from '../command/command.js';
import { configOption, hostOption, listenHost, mobilePort, mobilePortOption, parsePort, portOption } from '../command/shared-options.js';
import { stopOnSignal } from '../stop-on-signal.js';

export interface FrontendArguments {
  config: string;
  port: number;
  /** Where the phone app is served too (4100 by default; the reverse proxy sends `/mobile-app/` there). */
  mobilePort: number;
  host?: string;
  gatewayUrl: string;
}

export const summary = 'services mode: the UI, proxying /gateway/ to the gateway, and the phone app (/mobile-app/, also on its own port)';

export const options = {
  config: configOption,
  port: portOption('the port (default: 3000)'),
  'mobile-port': mobilePortOption,
  host: hostOption,
  'gateway-url': { type: 'string', valueName: 'url', description: "the gateway's URL (default: LATTICE_GATEWAY_URL or http://127.0.0.1:3300)" },
} as const;

export async function run({ values }: CommandInput<typeof options>): Promise<void> {
  const gatewayUrl = values['gateway-url'] ?? process.env.LATTICE_GATEWAY_URL ?? 'http://127.0.0.1:3300';
  await frontend({ config: values.config, port: parsePort(values.port ?? '3000'), mobilePort: mobilePort(values['mobile-port']), host: listenHost(values.host), gatewayUrl });
}

/** `lattice frontend`: the shell, the built UI remotes and /plugins.json, proxying /gateway/ to the gateway. */
export async function frontend(args: FrontendArguments): Promise<void> {
  // Loaded here, not at the top: `lattice --help` reads every command file and should not load the platform.
  const [{ createLogger }, { loadConfigs }, { startFrontend }] = await Promise.all([
    import('@lattice/platform'),
    import('../config/load-configs.js'),
    import('../platform/start-frontend.js'),
  ]);
  const configs = await loadConfigs(resolve(args.config));
  let gatewayUrl: URL;
  try {
    gatewayUrl = new URL(args.gatewayUrl);
  } catch {
    throw new Error(`LATTICE_GATEWAY_URL must be the gateway's http(s) URL, got "${args.gatewayUrl}"`);
  }
  if (gatewayUrl.protocol !== 'http:' && gatewayUrl.protocol !== 'https:') {
    throw new Error(`LATTICE_GATEWAY_URL must be http:// or https://, got "${args.gatewayUrl}"`);
  }
  const running = await startFrontend({
    port: args.port,
    mobilePort: args.mobilePort,
    host: args.host,
    gatewayUrl: args.gatewayUrl.replace(/\/+$/, ''),
    entries: configs.plugins,
    logger: createLogger('lattice-frontend'),
  });
  if (!running) throw new Error('the UI is not built: run `npm run build` first');
  console.log(
    `Lattice front-end is ready\n  UI           ${running.url}/\n  Mobile app   ${running.mobileUrl}\n  Gateway      ${args.gatewayUrl} (served at ${running.url}/gateway/)`,
  );
  stopOnSignal('frontend', () => running.stop());
}
