import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { ErrorLink } from '@apollo/client/link/error';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { getMainDefinition } from '@apollo/client/utilities';
import { createClient } from 'graphql-ws';
import { Kind, OperationTypeNode } from 'graphql';
import { graphQLErrorCode } from '@lattice/ui-sdk';
import { announceUnauthenticated } from '../auth/unauthenticated-event.js';

/** The gateway's websocket on this origin (the front-end server forwards `/gateway/` upgrades). */
function gatewaySocketUrl(): string {
  const url = new URL('/gateway/graphql', window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

/** Waits before the next attempt to reopen the websocket: 1, 2, 4 … 30 s, with jitter so tabs spread out. */
async function socketRetryWait(retries: number): Promise<void> {
  const delay = Math.min(1000 * 2 ** retries, 30_000) + Math.floor(Math.random() * 1000);
  await new Promise((resolve) => setTimeout(resolve, delay));
}

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
  const sockets = createClient({ url: gatewaySocketUrl, lazy: true, retryAttempts: Infinity, retryWait: socketRetryWait });
  const socket = new GraphQLWsLink(sockets);
  const isSubscription = ({ query }: ApolloLink.Operation) => {
    const definition = getMainDefinition(query);
    return definition.kind === Kind.OPERATION_DEFINITION && definition.operation === OperationTypeNode.SUBSCRIPTION;
  };
  const client = new ApolloClient({
    link: ApolloLink.from([errors, ApolloLink.split(isSubscription, socket, http)]),
    cache: new InMemoryCache(),
    defaultOptions: { watchQuery: { fetchPolicy: 'cache-and-network' } },
  });
  // Events published while the socket was down are gone; what is on screen is asked for again instead.
  // The first connection too: a page's query answers before its subscription is open, and a change made
  // in between (a mail arriving while the inbox loads) would otherwise show only with the next change.
  sockets.on('connected', () => {
    void client.refetchQueries({ include: 'active' });
  });
  return client;
}
