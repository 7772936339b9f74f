import type { ConflictingField } from '@lattice/ui-sdk';

/** One change on Settings → Permissions, as its confirmation dialog asks it and its notice reports it done. */
export interface PermissionChange {
  title: string;
  /** What will happen, in a sentence. */
  question: string;
  confirmLabel: string;
  /** What the page says once the server took the change. */
  done: string;
  run: () => Promise<unknown>;
  /**
   * When the server refuses the change with CONFLICT (the group or user changed since the page read it):
   * how the record stands now against this change, asked of the server again, and how to save it over that.
   */
  conflict?: () => Promise<PermissionConflict>;
}

/** What the conflict dialog shows: the fields that differ, and how to save the user's change over the newer record. */
export interface PermissionConflict {
  title: string;
  fields: ConflictingField[];
  keepMine: () => Promise<unknown>;
}
