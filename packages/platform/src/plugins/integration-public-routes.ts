import type { PluginDefinition } from '@lattice/plugin-sdk';

/** The routes each integration plugin declares public (`meta.inboxIntegration.publicRoutes`), for the integrations port. */
export function integrationPublicRoutes(definitions: readonly PluginDefinition[]): Record<string, readonly string[]> {
  const routes: Record<string, readonly string[]> = {};
  for (const { name, meta } of definitions) {
    const declared = meta?.inboxIntegration?.publicRoutes;
    if (declared) routes[name] = declared;
  }
  return routes;
}
