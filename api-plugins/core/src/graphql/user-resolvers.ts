import { ConflictError, ForbiddenError, InputError, NotFoundError, parseObjectId, requirePermission, requireUser, roles, UnauthenticatedError } from '@lattice/plugin-sdk';
import { z } from 'zod';
import { startSession } from '../login/log-in.js';
import { claimLoginAttempt, clearFailuresFor, recordFailedLogin, recordSuccessfulLogin } from '../login/login-throttle.js';
import type { CoreModels } from '../models/load-models.js';
import { revokeUserSessions } from '../sessions/sessions.js';
import { createUser } from '../users/create-user.js';
import { passwordProblem } from '../users/password-rules.js';
import { hashPassword, verifyPassword } from '../users/passwords.js';
import { toPublicUser } from '../users/public-user.js';
import { passwordInput } from '../users/user-input.js';
import { asRead } from './as-read.js';
import type { CoreContext } from './core-context.js';

const idArgs = z.object({ _id: z.string() });
const setRoleArgs = z.object({ _id: z.string(), role: z.enum(roles), updatedAt: z.date().nullish() });
const changedSinceRead = 'Someone else changed this user after you opened it';
const setPasswordArgs = z.object({ _id: z.string(), password: passwordInput });
// The current password's cap only bounds the work, as at login.
const changePasswordArgs = z.object({ currentPassword: z.string().min(1).max(1_000), newPassword: passwordInput });

function parseInput<T>(schema: z.ZodType<T>, args: unknown, what: string): T {
  const parsed = schema.safeParse(args);
  if (!parsed.success) throw new InputError(`Cannot ${what}: ${parsed.error.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`).join('; ')}`);
  return parsed.data;
}

function assertAcceptablePassword(password: string, email: string) {
  const problem = passwordProblem(password, email);
  if (problem) throw new InputError(`Cannot set the password: password ${problem}`);
}

async function findUser(models: CoreModels, id: string) {
  const user = await models.User.findById(parseObjectId(id));
  if (!user) throw new NotFoundError('User not found');
  return user;
}

/** Nothing may leave the platform without an active owner. */
async function assertAnotherActiveOwner(models: CoreModels, userId: unknown) {
  const others = await models.User.countDocuments({ role: 'owner', isActive: true, _id: { $ne: userId } });
  if (others === 0) throw new InputError('The platform needs at least one active owner');
}

export const userQueryResolvers = {
  async users(_parent: unknown, _args: unknown, context: CoreContext) {
    const users = await context.models.User.find({}).sort({ createdAt: 1 }).lean();
    return users.map(toPublicUser);
  },
};

export const userMutationResolvers = {
  async usersAdd(_parent: unknown, args: Record<string, unknown>, context: CoreContext) {
    const user = await createUser(context.models, args as Parameters<typeof createUser>[1]);
    return toPublicUser(user);
  },

  async usersSetRole(_parent: unknown, args: unknown, context: CoreContext) {
    const { _id, role, updatedAt } = parseInput(setRoleArgs, args, 'change the role');
    const user = await findUser(context.models, _id);
    if (user.role === 'owner' && role !== 'owner') await assertAnotherActiveOwner(context.models, user._id);
    // Stored only if the user is still as the client read them (when it says what it read).
    const saved = await context.models.User.findOneAndUpdate({ _id: user._id, ...asRead(updatedAt) }, { $set: { role, updatedAt: new Date() } }, { returnDocument: 'after' }).lean();
    if (!saved) throw new ConflictError(changedSinceRead);
    // The user logs in again to work with the new role: no host keeps serving the old one.
    if (user.role !== role) await revokeUserSessions(context.models, context.pubsubClient, String(user._id));
    return toPublicUser(saved);
  },

  async usersDeactivate(_parent: unknown, args: unknown, context: CoreContext) {
    const actor = requireUser(context);
    const { _id } = idArgs.parse(args);
    if (_id === actor._id) throw new ForbiddenError('You cannot deactivate yourself');
    const user = await findUser(context.models, _id);
    if (user.role === 'owner') await assertAnotherActiveOwner(context.models, user._id);
    user.isActive = false;
    user.updatedAt = new Date();
    await user.save();
    await revokeUserSessions(context.models, context.pubsubClient, String(user._id));
    return toPublicUser(user);
  },

  async usersActivate(_parent: unknown, args: unknown, context: CoreContext) {
    const { _id } = idArgs.parse(args);
    const user = await findUser(context.models, _id);
    user.isActive = true;
    user.updatedAt = new Date();
    await user.save();
    return toPublicUser(user);
  },
};

export const unlockMutationResolvers = {
  async usersUnlock(_parent: unknown, args: unknown, context: CoreContext) {
    const { _id } = parseInput(idArgs, args, 'unlock the user');
    const user = await findUser(context.models, _id);
    await clearFailuresFor(context.models, user.email);
    return toPublicUser(user);
  },
};

export const passwordMutationResolvers = {
  /** A user's own new password: every session of theirs ends, and this request gets a new one. */
  async usersChangePassword(_parent: unknown, args: unknown, context: CoreContext) {
    if (!context.user) throw new UnauthenticatedError();
    const { currentPassword, newPassword } = parseInput(changePasswordArgs, args, 'change the password');
    const user = await findUser(context.models, context.user._id);
    // A stolen cookie must not become a way to guess the password: wrong ones count as failed logins.
    const attempt = await claimLoginAttempt(context.models, user.email, context.req.ip ?? 'unknown');
    if (!(await verifyPassword(currentPassword, user.passwordHash))) {
      await recordFailedLogin(context.models, attempt);
      throw new InputError('The current password is wrong');
    }
    await recordSuccessfulLogin(context.models, attempt);
    assertAcceptablePassword(newPassword, user.email);
    user.passwordHash = await hashPassword(newPassword);
    await user.save();
    await revokeUserSessions(context.models, context.pubsubClient, String(user._id));
    return startSession(context.models, context, user);
  },

  /** An owner sets another user's password: every session of that user ends. */
  async usersSetPassword(_parent: unknown, args: unknown, context: CoreContext) {
    const actor = requirePermission(context, 'core:manageUsers');
    const { _id, password } = parseInput(setPasswordArgs, args, 'set the password');
    const user = await findUser(context.models, _id);
    assertAcceptablePassword(password, user.email);
    user.passwordHash = await hashPassword(password);
    await user.save();
    await revokeUserSessions(context.models, context.pubsubClient, String(user._id));
    return _id === actor._id ? startSession(context.models, context, user) : toPublicUser(user);
  },
};
