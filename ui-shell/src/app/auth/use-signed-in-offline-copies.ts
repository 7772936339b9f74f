import { useEffect } from 'react';
import { forgetSignedInOfflineCopies, keepSignedInOfflineCopies } from '../boot/offline-copies.js';

/**
 * The phone app keeps a signed-in copy of itself for offline starts once a user is known, and drops it once
 * the session is found gone (expired or ended elsewhere), as logging out does.
 */
export function useSignedInOfflineCopies(userId: string | undefined, loggedOut: boolean): void {
  useEffect(() => {
    if (!userId) return;
    keepSignedInOfflineCopies().catch((error: unknown) => console.warn(error instanceof Error ? error.message : error));
  }, [userId]);
  useEffect(() => {
    if (loggedOut) void forgetSignedInOfflineCopies().catch(() => undefined);
  }, [loggedOut]);
}
