import { resolve } from 'node:path';
import { createLogger } from '@lattice/platform';
import { loadConfigs } from '../config/load-configs.js';
import { startFrontend } from '../platform/start-frontend.js';
import { stopOnSignal } from '../stop-on-signal.js';

export interface FrontendArguments {
  config: string;
  port: number;
  host?: string;
  gatewayUrl: string;
}

/** `lattice frontend`: the shell, the built UI remotes and /plugins.json, proxying /gateway/ to the gateway. */
export async function frontend(args: FrontendArguments): Promise<void> {
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
    host: args.host,
    gatewayUrl: args.gatewayUrl.replace(/\/+$/, ''),
    entries: configs.plugins,
    logger: createLogger('lattice-frontend'),
  });
  if (!running) throw new Error('the UI is not built: run `npm run build` first');
  console.log(`Lattice front-end is ready\n  UI           ${running.url}/\n  Gateway      ${args.gatewayUrl} (served at ${running.url}/gateway/)`);
  stopOnSignal('frontend', () => running.stop());
}
