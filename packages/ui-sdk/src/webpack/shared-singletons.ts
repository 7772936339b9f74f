/**
 * Modules the shell and every remote share at run time, each loaded once. A second copy of react breaks
 * hooks ("invalid hook call"); a second copy of react-router-dom, @apollo/client or @lattice/ui-sdk
 * (which carries Mantine) splits their React contexts, so a remote would see no router, client or theme.
 */
export const sharedSingletonNames = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router-dom',
  '@apollo/client',
  '@apollo/client/react',
  // Also the component library: ui-sdk re-exports the Mantine components (see components/mantine.ts).
  '@lattice/ui-sdk',
] as const;

export interface SharedModuleConfig {
  singleton?: boolean;
  requiredVersion?: string | false;
  import?: false;
}

/**
 * The `shared` option of ModuleFederationPlugin. The shell provides every shared module; remotes are
 * built with `providedByShell`, so they carry no fallback copy at all: React cannot load twice, and a
 * remote's build and download stay small.
 */
export function sharedModules(options: { providedByShell?: boolean } = {}): Record<string, SharedModuleConfig> {
  const shared: Record<string, SharedModuleConfig> = {};
  for (const name of sharedSingletonNames) {
    shared[name] = { singleton: true, requiredVersion: false, ...(options.providedByShell ? { import: false as const } : {}) };
  }
  return shared;
}
