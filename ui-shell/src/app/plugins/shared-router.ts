/**
 * Puts `react-router-dom` in the share scope for remotes that import it (Rsbuild, Vite and webpack ones
 * alike): webpack provides a shared module only when the host's own code imports it, and the shell reaches
 * the router through @lattice/ui-sdk (`react-router`). Loaded only when a remote asks for it, and the same
 * react-router instance the shell renders with, so the remote sees the shell's router.
 */
export const loadSharedRouterForRemotes = (): Promise<unknown> => import('react-router-dom');
