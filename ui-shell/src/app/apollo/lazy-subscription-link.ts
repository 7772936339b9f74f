import { ApolloLink } from '@apollo/client';
import { Observable, type Subscription } from 'rxjs';

/**
 * The subscription link, whose websocket client (graphql-ws) is loaded with the first subscription rather
 * than with the shell: most pages subscribe to nothing. A failed load fails that subscription and the next
 * one tries again.
 */
export function lazySubscriptionLink(onConnected: () => void): ApolloLink {
  let loading: Promise<ApolloLink> | undefined;
  const load = () => {
    loading ??= import('./subscription-socket-link.js').then(
      (module) => module.subscriptionSocketLink(onConnected),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return new ApolloLink(
    (operation, forward) =>
      new Observable((observer) => {
        let subscription: Subscription | undefined;
        let closed = false;
        load().then(
          (link) => {
            if (!closed) subscription = link.request(operation, forward).subscribe(observer);
          },
          (error: unknown) => observer.error(error),
        );
        return () => {
          closed = true;
          subscription?.unsubscribe();
        };
      }),
  );
}
