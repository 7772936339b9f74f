import { InputError } from '@lattice/plugin-sdk';
import { z } from 'zod';
import { logIn, logOut } from '../login/log-in.js';
import { toPublicUser } from '../users/public-user.js';
import { emailInput } from '../users/user-input.js';
import type { CoreContext } from './core-context.js';

// The length cap only bounds the work; a real password's rules are checked when it is set.
const loginArgs = z.object({ email: emailInput, password: z.string().min(1).max(1_000) });

export const authQueryResolvers = {
  async currentUser(_parent: unknown, _args: unknown, { user, models }: CoreContext) {
    if (!user) return null;
    const stored = await models.User.findById(user._id).lean();
    return stored?.isActive ? toPublicUser(stored) : null;
  },
};

export const authMutationResolvers = {
  async login(_parent: unknown, args: unknown, context: CoreContext) {
    const parsed = loginArgs.safeParse(args);
    if (!parsed.success) throw new InputError(`Cannot log in: ${parsed.error.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`).join('; ')}`);
    return logIn(context.models, context, parsed.data);
  },

  logout(_parent: unknown, _args: unknown, context: CoreContext) {
    return logOut(context.models, context);
  },
};
