import { corePluginName } from '@lattice/platform';
import type { Configs } from '../config/configs-schema.js';
import { dashboardSettings } from '../platform/dashboard-settings.js';
import { loadPlugins } from '../platform/load-plugins.js';

/**
 * The databases a deployment of this configs.json writes, named as the platform names them: the core plugin's,
 * each enabled API plugin's (`db_name`, else its name; the activity log is the `logs` plugin), and the dashboard
 * API's when configs.json has `dashboard`. UI-only plugins have no database.
 */
export async function backupDatabases(configFile: string, configs: Configs): Promise<string[]> {
  const plugins = await loadPlugins(configFile, configs.plugins);
  const names = [corePluginName, ...plugins.map((plugin) => plugin.dbName ?? plugin.definition.name)];
  if (dashboardSettings(configs)) names.push('dashboard');
  return [...new Set(names)];
}
