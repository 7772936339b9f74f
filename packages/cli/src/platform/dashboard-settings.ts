import type { Configs } from '../config/configs-schema.js';

export interface DashboardSettings {
  /** How long the dashboard API keeps an answer (`dashboard.cache_seconds`, 10 s by default; 0: off). */
  cacheMs: number;
}

/**
 * configs.json's `dashboard` key: present (even `{}`), the dashboard runs (the API on 4300, the front-end on 4200,
 * both inside `npm start`); absent, it is off and whatever would start it says why.
 */
export function dashboardSettings(configs: Configs): DashboardSettings | undefined {
  if (!configs.dashboard) return undefined;
  return { cacheMs: (configs.dashboard.cache_seconds ?? 10) * 1000 };
}

export function dashboardOffReason(configFile: string): string {
  return `the dashboard is off: ${configFile} has no "dashboard" key (add "dashboard": {} to turn it on)`;
}
