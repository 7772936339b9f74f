import { createRequire } from 'node:module';
import {
  checkPluginDependencies,
  corePlugin,
  corePluginName,
  loadPluginPackage,
  PluginDependencyError,
  PluginNotFoundError,
  type PlatformPlugin,
} from '@lattice/platform';
import { ConfigError } from '../config/config-error.js';
import type { PluginEntry } from '../config/configs-schema.js';

const require = createRequire(import.meta.url);

/** A plugin may be UI only (its package `@lattice/ui-plugin-<name>`), with no API part to run. */
function hasUiPackage(name: string): boolean {
  try {
    require.resolve(`@lattice/ui-plugin-${name}/package.json`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Loads each plugin configs.json enables (by package name), with its db_name and extra_env, and refuses a list
 * in which a plugin lacks one it needs (`dependsOn`).
 */
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
        // A `ui: remote` plugin describes itself from its own server: the host needs no package of it.
        if (entry.ui === 'remote' || hasUiPackage(entry.name)) continue;
        throw new ConfigError(configFile, key, `names a plugin that does not exist: "${entry.name}" (${error.message}, and no UI package @lattice/ui-plugin-${entry.name})`);
      }
      throw error;
    }
  }
  try {
    checkPluginDependencies([corePlugin, ...plugins.map((plugin) => plugin.definition)]);
  } catch (error) {
    if (error instanceof PluginDependencyError) throw new ConfigError(configFile, 'plugins', error.message);
    throw error;
  }
  return plugins;
}
