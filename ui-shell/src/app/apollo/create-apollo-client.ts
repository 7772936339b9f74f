import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { ErrorLink } from '@apollo/client/link/error';
import { graphQLErrorCode } from '@lattice/ui-sdk';
import { announceUnauthenticated } from '../auth/unauthenticated-event.js';

/** The one GraphQL client of the shell and its remotes: same-origin gateway, login cookie, POST only. */
export function createApolloClient(): ApolloClient {
  const errors = new ErrorLink(({ error, operation }) => {
    // A wrong password is also UNAUTHENTICATED; the login page shows it instead of redirecting.
    if (graphQLErrorCode(error) === 'UNAUTHENTICATED' && operation.operationName !== 'Login') announceUnauthenticated();
  });
  const http = new HttpLink({ uri: '/gateway/graphql', credentials: 'same-origin' });
  return new ApolloClient({
    link: ApolloLink.from([errors, http]),
    cache: new InMemoryCache(),
    defaultOptions: { watchQuery: { fetchPolicy: 'cache-and-network' } },
  });
}
