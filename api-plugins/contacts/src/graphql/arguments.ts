import { InputError } from '@lattice/plugin-sdk';
import { z } from 'zod';

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: (issue) => `"${String(issue.input)}" is not an e-mail address` }));
const name = z.string().trim().max(200, 'names must be at most 200 characters');

export const maxPerPage = 200;

/** The fields the list can be sorted by; without one, newest first. */
export const customerSortFields = ['createdAt', 'firstName', 'lastName', 'primaryEmail'] as const;

export const customersArgs = z.object({
  searchValue: z.string().max(200).nullish(),
  sortField: z.enum(customerSortFields, { error: `sortField must be one of ${customerSortFields.join(', ')}` }).nullish(),
  sortDirection: z.enum(['asc', 'desc'], { error: 'sortDirection must be asc or desc' }).nullish(),
  page: z.number().int().min(1, 'page starts at 1').nullish(),
  perPage: z.number().int().min(1).max(maxPerPage, `perPage must be at most ${maxPerPage}`).nullish(),
});
export type CustomersArgs = z.infer<typeof customersArgs>;

export const idArgs = z.object({ _id: z.string() });

export const customersAddArgs = z.object({
  primaryEmail: email,
  firstName: name.nullish(),
  lastName: name.nullish(),
  emails: z.array(email).max(50).nullish(),
});

export const customersEditArgs = z.object({
  _id: z.string(),
  /** The `updatedAt` the client read: undefined skips the check, null means "it had none". */
  updatedAt: z.date().nullish(),
  primaryEmail: email.nullish(),
  firstName: name.nullish(),
  lastName: name.nullish(),
  emails: z.array(email).max(50).nullish(),
});

export const customersMergeArgs = z
  .object({ keepId: z.string(), mergeId: z.string() })
  .refine(({ keepId, mergeId }) => keepId.toLowerCase() !== mergeId.toLowerCase(), 'A customer cannot be merged into itself');

/** Parses resolver arguments; a rule broken is a BAD_USER_INPUT that says which. */
export function parseArgs<T extends z.ZodType>(schema: T, args: unknown): z.infer<T> {
  const result = schema.safeParse(args);
  if (!result.success) throw new InputError(result.error.issues.map((issue) => issue.message).join('; '));
  return result.data;
}
