const eventName = 'lattice:unauthenticated';

/** Any request refused for want of a login sends the user to /login (the link lives outside React). */
export function announceUnauthenticated(): void {
  window.dispatchEvent(new Event(eventName));
}

export function onUnauthenticated(listener: () => void): () => void {
  window.addEventListener(eventName, listener);
  return () => window.removeEventListener(eventName, listener);
}
