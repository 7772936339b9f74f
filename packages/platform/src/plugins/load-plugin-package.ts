import { type PluginDefinition, validatePluginDefinition } from '@lattice/plugin-sdk';

export function pluginPackageName(name: string): string {
  return `@lattice/plugin-${name}`;
}

export class PluginNotFoundError extends Error {
  constructor(readonly pluginName: string) {
    super(`No plugin named "${pluginName}" is installed (no package ${pluginPackageName(pluginName)})`);
    this.name = 'PluginNotFoundError';
  }
}

/**
 * Plugins are found at run time by name: the package `@lattice/plugin-<name>`, whose default export is
 * the plugin's definition. Nothing in the platform imports a plugin statically.
 */
export async function loadPluginPackage(name: string): Promise<PluginDefinition> {
  const packageName = pluginPackageName(name);
  let loaded: { default?: unknown };
  try {
    loaded = (await import(packageName)) as { default?: unknown };
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code === 'ERR_MODULE_NOT_FOUND' && message.includes(packageName)) throw new PluginNotFoundError(name);
    throw error;
  }
  const definition = loaded.default;
  validatePluginDefinition(definition);
  if (definition.name !== name) {
    throw new Error(`${packageName} defines the plugin "${definition.name}", not "${name}"`);
  }
  return definition;
}
