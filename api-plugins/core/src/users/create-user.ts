import { InputError, isDuplicateKeyError, type Role } from '@lattice/plugin-sdk';
import type { HydratedDocument } from 'mongoose';
import type { CoreModels } from '../models/load-models.js';
import type { UserFields } from '../models/user.js';
import { passwordProblem } from './password-rules.js';
import { hashPassword } from './passwords.js';
import { newUserInput, type NewUserInput } from './user-input.js';

function describeIssues(issues: Array<{ path: PropertyKey[]; message: string }>): string {
  return issues.map((issue) => `${issue.path.map(String).join('.') || 'input'} ${issue.message}`).join('; ');
}

/** Creates a user; the e-mail is unique (case-insensitive) and the password stored only as an argon2id hash. */
export async function createUser(models: CoreModels, input: NewUserInput): Promise<HydratedDocument<UserFields>> {
  const parsed = newUserInput.safeParse(input);
  if (!parsed.success) throw new InputError(describeIssues(parsed.error.issues));
  const { email, name, password, role } = parsed.data;
  const problem = passwordProblem(password, email);
  if (problem) throw new InputError(`password ${problem}`);
  try {
    return await models.User.create({
      email,
      name: name ?? undefined,
      role: role satisfies Role,
      passwordHash: await hashPassword(password),
      isActive: true,
      updatedAt: new Date(),
    });
  } catch (error) {
    if (isDuplicateKeyError(error)) throw new InputError(`A user with the e-mail ${email} already exists`);
    throw error;
  }
}
