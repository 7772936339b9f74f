import { roles, type Role } from '@lattice/plugin-sdk';
import { Schema, type Connection, type Model } from 'mongoose';

export interface UserFields {
  email: string;
  name?: string;
  role: Role;
  passwordHash: string;
  isActive: boolean;
  createdAt: Date;
  /** Actions granted to this user alone, beside their groups'; absent on users stored before groups existed. */
  grants?: string[];
  /** Actions this user may not do whatever their groups say (owners excepted). */
  denials?: string[];
  /**
   * Set by every change an admin makes (role, active, grants and denials): an edit that names the value it
   * read is refused (CONFLICT) once it differs. Absent on users stored before it was kept, and never changed.
   */
  updatedAt?: Date;
}

export type UserModel = Model<UserFields>;

const userSchema = new Schema<UserFields, UserModel>(
  {
    email: { type: String, required: true, unique: true, lowercase: true, trim: true },
    name: { type: String, trim: true },
    role: { type: String, enum: roles, required: true },
    passwordHash: { type: String, required: true },
    isActive: { type: Boolean, required: true, default: true },
    createdAt: { type: Date, required: true, default: () => new Date() },
    grants: { type: [String], default: undefined },
    denials: { type: [String], default: undefined },
    updatedAt: Date,
  },
  { collection: 'users', versionKey: false },
);

export function defineUserModel(db: Connection): UserModel {
  return db.model<UserFields, UserModel>('User', userSchema);
}
