import type { Role } from '@lattice/plugin-sdk';
import type { UserFields } from '../models/user.js';

/** A user as the API shows it: never the password hash or the throttling state. */
export interface PublicUser {
  _id: string;
  email: string;
  name: string | null;
  role: Role;
  isActive: boolean;
  createdAt: Date;
  grants: string[];
  denials: string[];
  /** Null for a user stored before it was kept and never changed since. */
  updatedAt: Date | null;
}

export function toPublicUser(user: UserFields & { _id: unknown }): PublicUser {
  return {
    _id: String(user._id),
    email: user.email,
    name: user.name ?? null,
    role: user.role,
    isActive: user.isActive,
    createdAt: user.createdAt,
    grants: user.grants ?? [],
    denials: user.denials ?? [],
    updatedAt: user.updatedAt ?? null,
  };
}
