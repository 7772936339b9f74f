/**
 * How long a removed document or type can be restored. The UI offers Undo for a few seconds; the server
 * keeps the removal longer so that a slow Undo still lands, and no longer, so that removed means removed.
 */
export const restoreWindowSeconds = 60;

/** Whether a removal made at `removedAt` can still be restored at `now`. */
export function isRestorable(removedAt: Date, now: Date = new Date()): boolean {
  return now.getTime() - removedAt.getTime() <= restoreWindowSeconds * 1000;
}
