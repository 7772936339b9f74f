/**
 * Modules the shell and every remote share at run time, each loaded once. A second copy of react breaks
 * hooks ("invalid hook call"); a second copy of react-router-dom, @apollo/client, @mantine/core or
 * @lattice/ui-sdk splits their React contexts, so a remote would see no router, client or theme.
 */
export const sharedSingletonNames = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router-dom',
  '@apollo/client',
  '@apollo/client/react',
  '@mantine/core',
  '@mantine/hooks',
  '@lattice/ui-sdk',
] as const;

// Shared, not singletons: stateless, and sharing them keeps remotes from carrying their own copy.
const sharedLibraryNames = ['graphql', 'dayjs'] as const;

export interface SharedModuleConfig {
  singleton?: boolean;
  requiredVersion?: string | false;
}

/** The `shared` option of ModuleFederationPlugin, the same for the shell and every remote. */
export function sharedModules(): Record<string, SharedModuleConfig> {
  const shared: Record<string, SharedModuleConfig> = {};
  for (const name of sharedSingletonNames) shared[name] = { singleton: true, requiredVersion: false };
  for (const name of sharedLibraryNames) shared[name] = { requiredVersion: false };
  return shared;
}
