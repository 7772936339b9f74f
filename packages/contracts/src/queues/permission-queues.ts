import { z } from 'zod';
import { plainQueue } from '../queue-contract.js';

/** One declared action: what it allows, and the built-in groups (today's roles) that have it by default. */
export const permissionActionSchema = z.object({ description: z.string(), roles: z.array(z.enum(['owner', 'admin', 'member'])) });

/** One plugin's declared permissions (its definition's `permissions`): module → its description and actions. */
export const permissionsAnnouncePayloadSchema = z.object({
  plugin: z.string().min(1),
  permissions: z.record(z.string().min(1), z.object({ description: z.string(), actions: z.record(z.string().min(1), permissionActionSchema) })),
});
export type PermissionsAnnouncePayload = z.infer<typeof permissionsAnnouncePayloadSchema>;

/**
 * `core:permissions.announce`: every plugin host tells the core its plugin's permissions when it starts, so that
 * `currentUser.permissions` can say what the user may do in every plugin, including those on other hosts.
 */
export const permissionsAnnounceQueue = plainQueue('core:permissions.announce', permissionsAnnouncePayloadSchema);
