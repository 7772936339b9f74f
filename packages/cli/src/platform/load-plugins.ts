import { validatePluginDefinition, type PlatformPlugin } from '@lattice/plugin-sdk';
import { ConfigError } from '../config/config-error.js';
import type { PluginEntry } from '../config/configs-schema.js';

export function pluginPackageName(name: string): string {
  return `@lattice/plugin-${name}`;
}

function isModuleNotFound(error: unknown, packageName: string): boolean {
  const { code, message } = error as NodeJS.ErrnoException;
  return code === 'ERR_MODULE_NOT_FOUND' && message.includes(packageName);
}

/** Imports each enabled plugin's package; its default export is the plugin's definition. */
export async function loadPlugins(configFile: string, entries: PluginEntry[]): Promise<PlatformPlugin[]> {
  const plugins: PlatformPlugin[] = [];
  for (const [index, entry] of entries.entries()) {
    const packageName = pluginPackageName(entry.name);
    const key = `plugins[${index}].name`;
    let loaded: { default?: unknown };
    try {
      loaded = (await import(packageName)) as { default?: unknown };
    } catch (error) {
      if (isModuleNotFound(error, packageName)) {
        throw new ConfigError(configFile, key, `names a plugin that does not exist: "${entry.name}" (no package ${packageName})`);
      }
      throw error;
    }
    const definition = loaded.default;
    validatePluginDefinition(definition);
    if (definition.name !== entry.name) {
      throw new ConfigError(configFile, key, `is "${entry.name}" but ${packageName} defines the plugin "${definition.name}"`);
    }
    plugins.push({ definition, dbName: entry.db_name });
  }
  return plugins;
}
