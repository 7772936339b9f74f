import { resolve } from 'node:path';
import type { CommandInput } from '../command/command.js';
import { configOption, hostOption, listenHost, parsePort, portOption } from '../command/shared-options.js';
import { stopOnSignal } from '../stop-on-signal.js';

export const summary = 'services mode: the dashboard front-end (public /dashboard/front/), its API proxied at /api/';

export const options = {
  config: configOption,
  port: portOption('the port (default: 4200)'),
  host: hostOption,
  'api-url': { type: 'string', valueName: 'url', description: "the dashboard API's URL (default: LATTICE_DASHBOARD_API_URL or http://127.0.0.1:4300)" },
} as const;

export async function run({ values }: CommandInput<typeof options>): Promise<void> {
  const [{ startDashboardFront }, { loadConfigs }, settings] = await Promise.all([
    import('@lattice/dashboard-front/server'),
    import('../config/load-configs.js'),
    import('../platform/dashboard-settings.js'),
  ]);
  const configFile = resolve(values.config);
  if (!settings.dashboardSettings(await loadConfigs(configFile))) throw new Error(`lattice dashboard-front: ${settings.dashboardOffReason(configFile)}`);
  const front = await startDashboardFront({
    port: parsePort(values.port ?? process.env.PORT ?? '4200'),
    host: listenHost(values.host),
    apiUrl: values['api-url'] ?? process.env.LATTICE_DASHBOARD_API_URL ?? 'http://127.0.0.1:4300',
  });
  console.log(`Lattice dashboard front-end is ready\n  Dashboard    ${front.url}/`);
  stopOnSignal('dashboard-front', () => front.stop());
}
