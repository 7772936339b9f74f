import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { createClient } from 'graphql-ws';
import { appBase } from '../boot/app-base.js';
import { connectionState } from '../connection/connection-state.js';

/** The gateway's websocket on this origin (the front-end server forwards `/gateway/` and `/mobile-app/gateway/` upgrades). */
function gatewaySocketUrl(): string {
  const url = new URL(`${appBase}/gateway/graphql`, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

/** Waits before the next attempt to reopen the websocket: 1, 2, 4 … 30 s, with jitter so tabs spread out. */
async function socketRetryWait(retries: number): Promise<void> {
  const delay = Math.min(1000 * 2 ** retries, 30_000) + Math.floor(Math.random() * 1000);
  await new Promise((resolve) => setTimeout(resolve, delay));
}

/**
 * Subscriptions over one graphql-ws websocket, opened only while one is active and reopened for as long as
 * one is (a gateway restart must not end live updates). `onConnected` runs on every connection: events
 * published while the socket was down are gone, and on the first one, a page's query answered before its
 * subscription opened (a mail arriving while the inbox loads would otherwise show only with the next change).
 */
export function subscriptionSocketLink(onConnected: () => void): GraphQLWsLink {
  const sockets = createClient({ url: gatewaySocketUrl, lazy: true, retryAttempts: Infinity, retryWait: socketRetryWait });
  sockets.on('connected', () => {
    connectionState.liveConnected();
    onConnected();
  });
  // 1000 is the client's own close once no subscription is left; anything else is a drop it will retry.
  sockets.on('closed', (event) => {
    if ((event as CloseEvent | undefined)?.code !== 1000) connectionState.liveDropped();
  });
  return new GraphQLWsLink(sockets);
}
