import { ApolloClient, ApolloLink, CombinedGraphQLErrors, HttpLink, InMemoryCache, ServerError } from '@apollo/client';
import { tap } from 'rxjs';
import { ErrorLink } from '@apollo/client/link/error';
import { getMainDefinition } from '@apollo/client/utilities';
import { Kind, OperationTypeNode } from 'graphql';
import { graphQLErrorCode, refetchAfterEvent } from '@lattice/ui-sdk';
import { appBase } from '../boot/app-base.js';
import { connectionState } from '../connection/connection-state.js';
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
    if (gatewayUnreachable(error)) connectionState.gatewayUnreachable();
  });
  const reached = new ApolloLink((operation, forward) => forward(operation).pipe(tap(() => connectionState.gatewayReached())));
  const http = new HttpLink({ uri: `${appBase}/gateway/graphql`, credentials: 'same-origin' });
  // Events published while the socket was down are gone: what is on screen is asked for again instead, read
  // after the connection (a query answered before it opened may have missed a change).
  const socket = lazySubscriptionLink(() => void refetchAfterEvent(client));
  const isSubscription = ({ query }: ApolloLink.Operation) => {
    const definition = getMainDefinition(query);
    return definition.kind === Kind.OPERATION_DEFINITION && definition.operation === OperationTypeNode.SUBSCRIPTION;
  };
  const client = new ApolloClient({
    link: ApolloLink.from([errors, ApolloLink.split(isSubscription, socket, ApolloLink.from([reached, http]))]),
    cache: new InMemoryCache(),
    defaultOptions: { watchQuery: { fetchPolicy: 'cache-and-network' } },
  });
  // What was on screen when a connection was lost is asked for again once it is back, so its errors go.
  connectionState.onBack(() => void refetchAfterEvent(client));
  return client;
}

/** No answer from the gateway at all (a failed fetch, or the front-end's 502/503/504 for it), as opposed to an answer with errors. */
function gatewayUnreachable(error: unknown): boolean {
  if (CombinedGraphQLErrors.is(error)) return false;
  if (ServerError.is(error)) return error.statusCode >= 502 && error.statusCode <= 504;
  return error instanceof TypeError;
}
