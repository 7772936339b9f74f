/** Whether a URL would fetch from another server: http(s) and protocol-relative; data: and cid: do not. */
export function isRemoteUrl(url: string): boolean {
  return /^\s*(https?:)?\/\//i.test(url);
}

const storageKey = 'lattice.imap.remoteImagesAllowed';

/** The senders whose remote images the user allowed on this device, lower-case. */
export function allowedImageSenders(storage: Pick<Storage, 'getItem'> | undefined): Set<string> {
  try {
    const stored: unknown = JSON.parse(storage?.getItem(storageKey) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((entry): entry is string => typeof entry === 'string') : []);
  } catch {
    return new Set();
  }
}

/** Remembers that the user allows remote images in this sender's mails (a choice per device). */
export function allowImagesFrom(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined, sender: string): void {
  const senders = allowedImageSenders(storage);
  senders.add(sender.trim().toLowerCase());
  try {
    storage?.setItem(storageKey, JSON.stringify([...senders]));
  } catch {
    // Storage full or refused (private mode): the choice holds for this view only.
  }
}
