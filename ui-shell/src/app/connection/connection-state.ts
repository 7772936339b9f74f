/**
 * What the shell knows about its connections: the browser's own (`navigator.onLine`), the gateway (the
 * last GraphQL request over HTTP reached it or not) and the live connection (the websocket dropped while
 * subscriptions were open). One small store, read by the banner with useSyncExternalStore.
 */
export interface ConnectionState {
  browserOffline: boolean;
  gatewayLost: boolean;
  liveLost: boolean;
}

import { appBase } from '../boot/app-base.js';

let state: ConnectionState = { browserOffline: typeof navigator !== 'undefined' && navigator.onLine === false, gatewayLost: false, liveLost: false };
const listeners = new Set<() => void>();
const backListeners = new Set<() => void>();

function update(change: Partial<ConnectionState>): void {
  const next = { ...state, ...change };
  if (next.browserOffline === state.browserOffline && next.gatewayLost === state.gatewayLost && next.liveLost === state.liveLost) return;
  const wasLost = isLost(state);
  state = next;
  if (state.gatewayLost && !state.browserOffline) probeGatewaySoon();
  for (const listener of listeners) listener();
  if (wasLost && !isLost(state)) for (const listener of backListeners) listener();
}

export const isLost = (current: ConnectionState) => current.browserOffline || current.gatewayLost || current.liveLost;

export const connectionState = {
  get: () => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Runs each time every connection is back after one was lost (the shell then asks again for what is on screen). */
  onBack(listener: () => void): () => void {
    backListeners.add(listener);
    return () => backListeners.delete(listener);
  },
  gatewayReached: () => update({ gatewayLost: false }),
  gatewayUnreachable: () => update({ gatewayLost: true }),
  liveConnected: () => update({ liveLost: false }),
  liveDropped: () => update({ liveLost: true }),
};

let probe: ReturnType<typeof setTimeout> | undefined;

/**
 * While the gateway is lost (and the device online), ask its readiness every 3 s, so the banner goes and
 * the page's data comes back without waiting for the user to do something.
 */
function probeGatewaySoon(delayMs = 3000): void {
  if (probe !== undefined) return;
  probe = setTimeout(() => {
    probe = undefined;
    fetch(`${appBase}/gateway/health/ready`, { cache: 'no-store' }).then(
      (response) => (response.ok ? update({ gatewayLost: false }) : probeGatewaySoon()),
      () => probeGatewaySoon(),
    );
  }, delayMs);
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    update({ browserOffline: false });
    if (state.gatewayLost) {
      clearTimeout(probe);
      probe = undefined;
      probeGatewaySoon(0);
    }
  });
  window.addEventListener('offline', () => update({ browserOffline: true }));
}
