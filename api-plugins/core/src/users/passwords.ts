import bcrypt from 'bcryptjs';

const cost = 10;
/** bcrypt reads only the first 72 bytes; a longer limit here keeps huge inputs from costing CPU. */
export const maxPasswordLength = 200;
export const minPasswordLength = 8;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, cost);
}

// Compared against when the email is unknown, so an unknown email costs as long as a wrong password.
const unknownUserHash = bcrypt.hashSync('lattice: no such user', cost);

export function verifyPassword(password: string, hash: string | undefined): Promise<boolean> {
  return bcrypt.compare(password, hash ?? unknownUserHash);
}
