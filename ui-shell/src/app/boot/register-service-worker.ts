import { appBase } from './app-base.js';

/**
 * The phone app keeps itself for offline starts through its service worker (the front-end server writes
 * it); the site at `/` registers none. Registered once the page has loaded, so it never competes with the
 * first render for the network.
 */
export function registerMobileServiceWorker(): void {
  if (!appBase || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register(`${appBase}/sw.js`, { scope: appBase }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
