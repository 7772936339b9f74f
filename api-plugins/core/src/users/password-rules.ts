import { dictionary } from '@zxcvbn-ts/language-common';
import { maxPasswordLength, minPasswordLength } from './passwords.js';

/**
 * The common passwords zxcvbn-ts ships (@zxcvbn-ts/language-common, MIT, about 49,000 entries drawn from leaked
 * password lists), compared case-insensitively.
 */
const commonPasswords = new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));

/** Local parts shorter than this are too short to forbid inside a password (`a@x.org` would forbid every "a"). */
const shortestForbiddenLocalPart = 3;

/** Why `password` may not be set for the account `email`, or undefined when it may. */
export function passwordProblem(password: string, email: string): string | undefined {
  if (password.length < minPasswordLength) return `must be at least ${minPasswordLength} characters`;
  if (password.length > maxPasswordLength) return `must be at most ${maxPasswordLength} characters`;
  const lowered = password.toLowerCase();
  if (commonPasswords.has(lowered)) return 'is one of the most common passwords; choose another';
  const localPart = email.toLowerCase().split('@')[0] ?? '';
  if (localPart.length >= shortestForbiddenLocalPart && lowered.includes(localPart)) return 'must not contain the e-mail address';
  return undefined;
}
