import { corePlugin } from '@lattice/plugin-core';
import type { PlatformPlugin } from './platform-plugin.js';

/** The core plugin (users, login) runs in every platform; configs.json does not list it. */
export { corePlugin };
export const corePluginName = corePlugin.name;

/** The plugins with the core first, unless the caller brought a core of its own (with its own settings). */
export function withCorePlugin(plugins: readonly PlatformPlugin[]): PlatformPlugin[] {
  return plugins.some((plugin) => plugin.definition.name === corePluginName)
    ? [...plugins]
    : [{ definition: corePlugin }, ...plugins];
}
