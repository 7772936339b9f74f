import type { PluginDefinition } from '@lattice/plugin-sdk';

/**
 * The core plugin (users, login) when it is part of this checkout. Without it the gateway asks for no
 * login and the tests skip the login page; with it, they log in as the owner like a user would.
 */
export async function loadCorePlugin(): Promise<PluginDefinition | undefined> {
  if (process.env.LATTICE_E2E_WITHOUT_CORE === '1') return undefined;
  try {
    const core = (await import('@lattice/plugin-core')) as { default: PluginDefinition };
    return core.default;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') return undefined;
    throw error;
  }
}
