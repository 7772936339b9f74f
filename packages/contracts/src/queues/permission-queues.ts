import { z } from 'zod';
import { plainQueue } from '../queue-contract.js';

/** One plugin's declared permissions (its definition's `permissions`): name → description and the roles that have it. */
export const permissionsAnnouncePayloadSchema = z.object({
  plugin: z.string().min(1),
  permissions: z.record(
    z.string().min(1),
    z.object({ description: z.string(), roles: z.array(z.enum(['owner', 'admin', 'member'])).min(1) }),
  ),
});
export type PermissionsAnnouncePayload = z.infer<typeof permissionsAnnouncePayloadSchema>;

/**
 * `core:permissions.announce`: every plugin host tells the core its plugin's permissions when it starts, so that
 * `currentUser.permissions` can say what the user may do in every plugin, including those on other hosts.
 */
export const permissionsAnnounceQueue = plainQueue('core:permissions.announce', permissionsAnnouncePayloadSchema);
