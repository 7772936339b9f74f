import { roles } from '@lattice/plugin-sdk';
import { z } from 'zod';
import { maxPasswordLength, minPasswordLength } from './passwords.js';

export const emailInput = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('must be an e-mail address'));

export const passwordInput = z
  .string()
  .min(minPasswordLength, `must be at least ${minPasswordLength} characters`)
  .max(maxPasswordLength, `must be at most ${maxPasswordLength} characters`);

export const newUserInput = z.object({
  email: emailInput,
  name: z.string().trim().max(200).nullish(),
  password: passwordInput,
  role: z.enum(roles).default('member'),
});
export type NewUserInput = z.input<typeof newUserInput>;
