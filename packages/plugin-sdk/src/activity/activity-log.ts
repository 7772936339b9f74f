/**
 * How a plugin's changes reach the activity log (the `logs` plugin). The platform records every change a plugin
 * makes to its models for a user by itself; a plugin only says what to leave out, and may add entries of its own.
 */
export interface ActivityLogOptions {
  /** Models (by mongoose model name) whose changes are not recorded: copies kept for undo, sessions, caches. */
  skipModels?: readonly string[];
  /**
   * Fields whose values never enter an entry, besides every field named like a secret (password, token, secret,
   * hash, salt, key); an entry says only that they changed.
   */
  secretFields?: readonly string[];
  /**
   * By content type (the model name in camelCase: `document`), the plugin's action that lets a user read that
   * content's history without `logs:showActivity` (`showDocuments`).
   */
  readPermissions?: Readonly<Record<string, string>>;
}

/** An entry a plugin writes itself (SPEC.md's imap `info` entry that syncing started). */
export interface OwnActivityEntry {
  /** What happened, in a word of the plugin's own (`syncStarted`). */
  action: string;
  /** The type of record, without the plugin's prefix (`integration` becomes `imap:integration`). */
  contentType: string;
  contentId: string;
  /** The user it was done for; the request's user when left out (none outside a request). */
  createdBy?: string | null;
  changes?: Readonly<Record<string, { before: unknown; after: unknown }>>;
}

/** Handed to every plugin (`services.activityLog`); writes nothing when the `logs` plugin is not enabled. */
export interface ActivityLog {
  record(entry: OwnActivityEntry): void;
}
