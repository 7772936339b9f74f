import { roles, type Role } from '@lattice/plugin-sdk';
import { Schema, type Connection, type Model } from 'mongoose';

/**
 * A permission group. The built-in ones (Owners, Admins, Members) have the users of that role as members and
 * no stored row until an admin changes them: their actions are the plugins' declared defaults, plus `granted`,
 * minus `withdrawn`, so a plugin enabled later brings its defaults to them. A group of an admin's own has its
 * `granted` actions and its `memberIds`.
 */
export interface PermissionGroupFields {
  _id: string;
  name: string;
  /** The role whose users are this built-in group's members; absent for a group an admin made. */
  builtIn?: Role;
  granted: string[];
  withdrawn: string[];
  memberIds: string[];
  createdAt: Date;
  /** When the group last changed (absent on a built-in group never changed): an edit may name the one it read. */
  updatedAt?: Date;
}

export type PermissionGroupModel = Model<PermissionGroupFields>;

const permissionGroupSchema = new Schema<PermissionGroupFields, PermissionGroupModel>(
  {
    _id: { type: String, required: true },
    name: { type: String, required: true, trim: true },
    builtIn: { type: String, enum: roles },
    granted: { type: [String], default: [] },
    withdrawn: { type: [String], default: [] },
    memberIds: { type: [String], default: [], index: true },
    createdAt: { type: Date, required: true, default: () => new Date() },
    updatedAt: { type: Date },
  },
  { collection: 'permission_groups', versionKey: false },
);

export function definePermissionGroupModel(db: Connection): PermissionGroupModel {
  return db.model<PermissionGroupFields, PermissionGroupModel>('PermissionGroup', permissionGroupSchema);
}

/** The built-in groups' ids and names, one per role. */
export const builtInGroups: Readonly<Record<Role, { _id: string; name: string }>> = {
  owner: { _id: 'owners', name: 'Owners' },
  admin: { _id: 'admins', name: 'Admins' },
  member: { _id: 'members', name: 'Members' },
};
