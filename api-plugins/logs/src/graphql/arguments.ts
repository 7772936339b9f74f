import { InputError } from '@lattice/plugin-sdk';
import { z } from 'zod';

const paging = {
  page: z.number().int().min(1).nullish(),
  perPage: z.number().int().min(1).max(100).nullish(),
};
const when = z
  .string()
  .nullish()
  .transform((value, context) => {
    if (!value) return undefined;
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) {
      context.addIssue({ code: 'custom', message: `is not a date: "${value}"` });
      return z.NEVER;
    }
    return date;
  });

export const activityLogsArgs = z.object({ contentType: z.string().min(1).max(200), contentId: z.string().min(1).max(200), ...paging });
export const activityLogSearchArgs = z.object({
  createdBy: z.string().max(100).nullish(),
  plugin: z.string().max(100).nullish(),
  action: z.string().max(200).nullish(),
  from: when,
  to: when,
  ...paging,
});

export function parseArgs<T extends z.ZodType>(schema: T, args: unknown): z.infer<T> {
  const parsed = schema.safeParse(args);
  if (!parsed.success) throw new InputError(parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; '));
  return parsed.data;
}

export const defaultPerPage = 20;

export function pageWindow(page: number | null | undefined, perPage: number | null | undefined) {
  const limit = perPage ?? defaultPerPage;
  return { skip: ((page ?? 1) - 1) * limit, limit };
}
