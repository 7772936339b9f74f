import type { ApolloClient } from '@apollo/client';

export interface RoutesPreloadContext {
  /** The shell's Apollo client, the one the pages will use. */
  client: ApolloClient;
  /** The page being opened. */
  location: { pathname: string; search: string };
}

/**
 * What a routes module may export as `preload`, beside its component: the shell calls it when the page
 * being opened is the plugin's, as soon as the module has loaded and before React renders, so the page's
 * data is already on its way while the shell renders. It starts requests and returns nothing.
 */
export type RoutesPreload = (context: RoutesPreloadContext) => void;
