/** One change on Settings → Permissions, as its confirmation dialog asks it and its notice reports it done. */
export interface PermissionChange {
  title: string;
  /** What will happen, in a sentence. */
  question: string;
  confirmLabel: string;
  /** What the page says once the server took the change. */
  done: string;
  run: () => Promise<unknown>;
}
