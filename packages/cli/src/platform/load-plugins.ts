import { corePluginName, loadPluginPackage, PluginNotFoundError, type PlatformPlugin } from '@lattice/plugin-sdk';
import { ConfigError } from '../config/config-error.js';
import type { PluginEntry } from '../config/configs-schema.js';

/** Loads each plugin configs.json enables (by package name), with its db_name and extra_env. */
export async function loadPlugins(configFile: string, entries: PluginEntry[]): Promise<PlatformPlugin[]> {
  const plugins: PlatformPlugin[] = [];
  for (const [index, entry] of entries.entries()) {
    const key = `plugins[${index}].name`;
    if (entry.name === corePluginName) {
      throw new ConfigError(configFile, key, `is "${corePluginName}", which is always enabled: remove it from the list`);
    }
    try {
      const definition = await loadPluginPackage(entry.name);
      plugins.push({ definition, dbName: entry.db_name, extraEnv: entry.extra_env });
    } catch (error) {
      if (error instanceof PluginNotFoundError) {
        throw new ConfigError(configFile, key, `names a plugin that does not exist: "${entry.name}" (${error.message})`);
      }
      throw error;
    }
  }
  return plugins;
}
