import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { ErrorLink } from '@apollo/client/link/error';
import { getMainDefinition } from '@apollo/client/utilities';
import { Kind, OperationTypeNode } from 'graphql';
import { graphQLErrorCode, refetchAfterEvent } from '@lattice/ui-sdk';
import { announceUnauthenticated } from '../auth/unauthenticated-event.js';
import { lazySubscriptionLink } from './lazy-subscription-link.js';

/**
 * The one GraphQL client of the shell and its remotes: same-origin gateway and login cookie; queries and
 * mutations POST over HTTP, subscriptions share one websocket, opened only while one is active and reopened
 * for as long as one is (a gateway restart must not end live updates).
 */
export function createApolloClient(): ApolloClient {
  const errors = new ErrorLink(({ error, operation }) => {
    // A wrong password is also UNAUTHENTICATED; the login page shows it instead of redirecting.
    if (graphQLErrorCode(error) === 'UNAUTHENTICATED' && operation.operationName !== 'Login') announceUnauthenticated();
  });
  const http = new HttpLink({ uri: '/gateway/graphql', credentials: 'same-origin' });
  // Events published while the socket was down are gone: what is on screen is asked for again instead, read
  // after the connection (a query answered before it opened may have missed a change).
  const socket = lazySubscriptionLink(() => void refetchAfterEvent(client));
  const isSubscription = ({ query }: ApolloLink.Operation) => {
    const definition = getMainDefinition(query);
    return definition.kind === Kind.OPERATION_DEFINITION && definition.operation === OperationTypeNode.SUBSCRIPTION;
  };
  const client = new ApolloClient({
    link: ApolloLink.from([errors, ApolloLink.split(isSubscription, socket, http)]),
    cache: new InMemoryCache(),
    defaultOptions: { watchQuery: { fetchPolicy: 'cache-and-network' } },
  });
  return client;
}
