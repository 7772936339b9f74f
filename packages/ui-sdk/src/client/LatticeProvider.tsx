import type { ReactNode } from 'react';
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { LatticeClientContext } from './lattice-client-context.js';

export interface LatticeProviderProps {
  client: ApolloClient;
  children: ReactNode;
}

/** Gives the shell's Apollo client to everything below it, including remotes' pages. */
export function LatticeProvider({ client, children }: LatticeProviderProps) {
  return (
    <LatticeClientContext.Provider value={client}>
      <ApolloProvider client={client}>{children}</ApolloProvider>
    </LatticeClientContext.Provider>
  );
}
