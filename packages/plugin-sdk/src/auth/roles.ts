export const roles = ['owner', 'admin', 'member'] as const;
export type Role = (typeof roles)[number];

/** Who made a request, as every subgraph reads it from the verified token. */
export interface AuthUser {
  _id: string;
  email: string;
  role: Role;
}
