import { randomBytes } from 'node:crypto';
import { scramCredential, type ScramCredential } from './scram-credential.js';

/** The user clients authenticate as: defined in `admin`, allowed everything in every database (mongod's `root`). */
export interface EmbeddedMongoUser {
  username: string;
  password: string;
}

/** The database the server's user is defined in: clients name it as `authSource=admin`. */
export const USERS_DATABASE = 'admin';

/** A random user for a server started without one: its credentials travel only in the server's `uri`. */
export function generatedUser(): EmbeddedMongoUser {
  return { username: 'lattice', password: randomBytes(24).toString('base64url') };
}

/** The users a server knows, by database and name, each as its SCRAM keys (the password itself is not kept). */
export class UserDirectory {
  private readonly credentials = new Map<string, ScramCredential>();

  constructor(users: readonly EmbeddedMongoUser[]) {
    for (const user of users) this.credentials.set(`${USERS_DATABASE}.${user.username}`, scramCredential(user.password));
  }

  find(db: string, username: string): ScramCredential | undefined {
    return this.credentials.get(`${db}.${username}`);
  }
}
