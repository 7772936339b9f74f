import { appBase } from './app-base.js';

type OfflineCopiesMessage = 'keep-signed-in-copies' | 'forget-signed-in-copies';

// Logging out waits for the worker at most this long; a worker that does not answer must not hold the user.
const forgetTimeoutMs = 5_000;

/**
 * Asks the phone app's service worker to keep the app page and `/plugins.json` as this signed-in user sees
 * them, for an offline start with the plugin menu (what it kept at install is the logged-out page).
 * Outside the phone app, or where service workers are missing, there is nothing to do.
 */
export async function keepSignedInOfflineCopies(): Promise<void> {
  if (!appBase || !('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.ready;
  if (registration.active) await tellWorker(registration.active, 'keep-signed-in-copies');
}

/** Asks the worker to drop the signed-in copies (on logout), so that no user's data stays on the device. */
export async function forgetSignedInOfflineCopies(): Promise<void> {
  if (!appBase || !('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration(`${appBase}/`);
  if (!registration?.active) return;
  await Promise.race([tellWorker(registration.active, 'forget-signed-in-copies'), new Promise<void>((resolve) => setTimeout(resolve, forgetTimeoutMs))]);
}

function tellWorker(worker: ServiceWorker, type: OfflineCopiesMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<{ ok: boolean; error?: string }>) => {
      channel.port1.close();
      if (event.data.ok) resolve();
      else reject(new Error(`the phone app's service worker could not ${type.replaceAll('-', ' ')}: ${event.data.error ?? 'no reason given'}`));
    };
    worker.postMessage({ type }, [channel.port2]);
  });
}
