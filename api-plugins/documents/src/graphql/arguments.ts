import { InputError } from '@lattice/plugin-sdk';
import { z } from 'zod';

const maxNameLength = 1_000;

// Trimmed first: a name of spaces shows as a blank row, so it is refused as an empty one.
const name = z
  .string()
  .trim()
  .min(1, 'name must not be empty')
  .max(maxNameLength, `name must be at most ${maxNameLength} characters`);

// A date the UI can show and people mean: 0001-01-01 is a typing slip, not an expiry.
const earliestDate = new Date(Date.UTC(1900, 0, 1));
const latestDate = new Date(Date.UTC(9999, 11, 31, 23, 59, 59, 999));
const expiryDate = z
  .date()
  .refine((date) => date >= earliestDate && date <= latestDate, 'expiryDate must be a date between the years 1900 and 9999');

/** Arguments as GraphQL has already typed them; these schemas add the rules GraphQL cannot say. */
export const documentFieldsArgs = z.object({
  name: name.nullish(),
  expiryDate: expiryDate.nullish(),
  checked: z.boolean().nullish(),
  typeId: z.string().nullish(),
  order: z.number().finite().nullish(),
});
export type DocumentFieldsArgs = z.infer<typeof documentFieldsArgs>;

export const maxPerPage = 200;
export const defaultPerPage = 20;
const maxSearchLength = 200;
/** The fields a list may be sorted by; anything else is refused by name. */
export const documentSortFields = ['name', 'createdAt', 'expiryDate', 'checked', 'order'] as const;

const documentsFilterShape = {
  typeId: z.string().nullish(),
  searchValue: z.string().max(maxSearchLength, `searchValue must be at most ${maxSearchLength} characters`).nullish(),
};

/** `documentsTotalCount`'s optional filter: the same typeId and searchValue as `documents`. */
export const documentsCountArgs = z.object(documentsFilterShape);

export const defaultExpiringWithinDays = 30;
const maxExpiringWithinDays = 365;

export const documentsSummaryArgs = z.object({
  expiringWithinDays: z
    .number()
    .int()
    .min(1, `expiringWithinDays must be between 1 and ${maxExpiringWithinDays}`)
    .max(maxExpiringWithinDays, `expiringWithinDays must be between 1 and ${maxExpiringWithinDays}`)
    .nullish(),
});

export const documentsArgs = z.object({
  ...documentsFilterShape,
  page: z.number().int().min(1, 'page must be 1 or more').nullish(),
  perPage: z
    .number()
    .int()
    .min(1, `perPage must be between 1 and ${maxPerPage}`)
    .max(maxPerPage, `perPage must be between 1 and ${maxPerPage}`)
    .nullish(),
  sortField: z
    .enum(documentSortFields, { error: () => `sortField must be one of ${documentSortFields.join(', ')}` })
    .nullish(),
  sortDirection: z.enum(['asc', 'desc'], { error: () => 'sortDirection must be asc or desc' }).nullish(),
});
export type DocumentsArgs = z.infer<typeof documentsArgs>;

export const idArgs = z.object({ _id: z.string() });

/** The `updatedAt` the client read: undefined skips the check, null means "it had none". */
const readUpdatedAt = z.date().nullish();

export const documentsEditArgs = documentFieldsArgs.extend({ _id: z.string(), updatedAt: readUpdatedAt });

export const documentTypeArgs = z.object({ name: name.nullish() });

export const documentTypesEditArgs = documentTypeArgs.extend({ _id: z.string(), updatedAt: readUpdatedAt });

/** Parses resolver arguments; a rule broken is a BAD_USER_INPUT that says which. */
export function parseArgs<T extends z.ZodType>(schema: T, args: unknown): z.infer<T> {
  const result = schema.safeParse(args);
  if (!result.success) {
    throw new InputError(result.error.issues.map((issue) => issue.message).join('; '));
  }
  return result.data;
}
