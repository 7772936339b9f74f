import type { RoutesPreload } from '@lattice/ui-sdk';
import { documentsPageQuery, documentsPageVariables, type DocumentsPageVariables } from './graphql/documents-page-query.js';

// The variables of the query the preload started, until the page it was for takes it.
let preloaded: string | null = null;

/** Opening /documents/: the page's query starts while the shell is still rendering (see RoutesPreload). */
export const preloadDocumentsPage: RoutesPreload = ({ client, location }) => {
  if (location.pathname.replace(/\/+$/, '') !== '/documents') return;
  const variables = documentsPageVariables(new URLSearchParams(location.search));
  preloaded = JSON.stringify(variables);
  void client.query({ query: documentsPageQuery, variables }).catch(() => undefined);
};

/**
 * True once, for the page the preload was for: that page may take the preloaded result (in flight or
 * cached) instead of asking the server a second time.
 */
export function takePreloaded(variables: DocumentsPageVariables): boolean {
  const taken = preloaded === JSON.stringify(variables);
  preloaded = null;
  return taken;
}
