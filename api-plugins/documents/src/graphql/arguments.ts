import { InputError } from '@lattice/plugin-sdk';
import { z } from 'zod';

const maxNameLength = 1_000;

const name = z.string().max(maxNameLength, `name must be at most ${maxNameLength} characters`);

/** Arguments as GraphQL has already typed them; these schemas add the rules GraphQL cannot say. */
export const documentFieldsArgs = z.object({
  name: name.nullish(),
  expiryDate: z.date().nullish(),
  checked: z.boolean().nullish(),
  typeId: z.string().nullish(),
  order: z.number().finite().nullish(),
});
export type DocumentFieldsArgs = z.infer<typeof documentFieldsArgs>;

export const documentsArgs = z.object({ typeId: z.string().nullish() });

export const idArgs = z.object({ _id: z.string() });

export const documentsEditArgs = documentFieldsArgs.extend({ _id: z.string() });

export const documentTypeArgs = z.object({ name: name.nullish() });

export const documentTypesEditArgs = documentTypeArgs.extend({ _id: z.string() });

/** Parses resolver arguments; a rule broken is a BAD_USER_INPUT that says which. */
export function parseArgs<T extends z.ZodType>(schema: T, args: unknown): z.infer<T> {
  const result = schema.safeParse(args);
  if (!result.success) {
    throw new InputError(result.error.issues.map((issue) => issue.message).join('; '));
  }
  return result.data;
}
