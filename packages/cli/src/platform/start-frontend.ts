import { dashboardFrontDir } from '@lattice/dashboard-front/server';
import { startFrontendServer, type RunningFrontendServer } from '@lattice/ui-shell/server';
import type { Logger } from 'pino';
import type { PluginEntry } from '../config/configs-schema.js';

/**
 * The front-end (port 3000): the shell, the built `ui: local` remotes, /plugins.json and /gateway/.
 * `npm start` builds the shell first; a run from sources without a build (tests, a fresh checkout's
 * `lattice start`) carries on with the API only and says how to get the UI.
 */
export async function startFrontend(options: {
  port: number;
  /** The phone app's own port (`/mobile-app/` is served on `port` as well). */
  mobilePort?: number;
  host?: string;
  gatewayUrl: string;
  /** The dashboard API, served at /dashboard/api/ beside the dashboard front-end at /dashboard/front/ (configs.json `dashboard`). */
  dashboardApiUrl?: string;
  entries: PluginEntry[];
  logger: Logger;
}): Promise<RunningFrontendServer | undefined> {
  try {
    return await startFrontendServer({
      port: options.port,
      mobilePort: options.mobilePort,
      host: options.host,
      gatewayUrl: options.gatewayUrl,
      dashboard: options.dashboardApiUrl ? { apiUrl: options.dashboardApiUrl, frontDir: dashboardFrontDir } : undefined,
      plugins: options.entries.map((entry) => ({ name: entry.name, ui: entry.ui, remoteUrl: entry.ui_url })),
      onPluginSkipped: (name, reason) => options.logger.info({ plugin: name }, `no UI for this plugin: ${reason}`),
      accessLog: options.logger,
      onRemoteRefused: (name, reason) => options.logger.warn({ plugin: name }, `UI remote "${name}" refused, the shell leaves it out: ${reason}`),
    });
  } catch (error) {
    if (error instanceof Error && /is not built/.test(error.message)) {
      options.logger.warn(`${error.message}; the API runs without the UI`);
      return undefined;
    }
    throw error;
  }
}
