import { createContext } from 'react';
import type { ApolloClient } from '@apollo/client';

// Shared as a Module Federation singleton (see shared-singletons.ts), so the shell and every remote
// read the same context object and therefore the same client.
export const LatticeClientContext = createContext<ApolloClient | null>(null);
