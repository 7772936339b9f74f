import { useContext } from 'react';
import type { ApolloClient } from '@apollo/client';
import { LatticeClientContext } from './lattice-client-context.js';

/** The shell's Apollo client (GraphQL at the same-origin `/gateway/graphql`, with the login cookie). */
export function useLatticeClient(): ApolloClient {
  const client = useContext(LatticeClientContext);
  if (!client) {
    throw new Error('useLatticeClient must be used inside <LatticeProvider>: render the plugin through the Lattice shell');
  }
  return client;
}
