import type { UserRole } from '../../graphql/users-queries.js';

/** The catalogue message that names each role (`t(roleNameIds[user.role])`). */
export const roleNameIds = {
  owner: 'users.role.owner',
  admin: 'users.role.admin',
  member: 'users.role.member',
} as const satisfies Record<UserRole, string>;
