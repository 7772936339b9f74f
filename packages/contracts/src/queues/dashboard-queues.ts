import { z } from 'zod';
import { rpcQueue } from '../queue-contract.js';

/** A member as Cube names it: `<Dataset>.<member>`. */
export const dashboardMemberSchema = z.string().regex(/^[A-Za-z][A-Za-z0-9_]*\.[A-Za-z][A-Za-z0-9_]*$/, 'must be "<Dataset>.<member>"');
const isoInstant = z.string().refine((text) => !Number.isNaN(Date.parse(text)), 'must be a date (ISO 8601)');

export const dashboardFilterOperators = [
  'equals',
  'notEquals',
  'contains',
  'notContains',
  'gt',
  'gte',
  'lt',
  'lte',
  'set',
  'notSet',
  'inDateRange',
  'notInDateRange',
  'beforeDate',
  'afterDate',
] as const;

/** The most groups one answer may hold: a chart of more says nothing, and the reply must stay small. */
export const dashboardMaxRows = 10_000;

/**
 * One dataset's query, as the dashboard API hands it to the plugin that owns the dataset: Cube's query, with
 * relative date ranges already turned into instants (the API's clock decides "last 7 days", not each plugin's).
 */
export const dashboardLoadPayloadSchema = z
  .object({
    dataset: z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/),
    measures: z.array(dashboardMemberSchema).max(20).default([]),
    dimensions: z.array(dashboardMemberSchema).max(10).default([]),
    timeDimensions: z
      .array(
        z
          .object({
            dimension: dashboardMemberSchema,
            granularity: z.enum(['day', 'week', 'month']).optional(),
            dateRange: z.tuple([isoInstant, isoInstant]).optional(),
          })
          .strict(),
      )
      .max(2)
      .default([]),
    filters: z
      .array(
        z
          .object({
            member: dashboardMemberSchema,
            operator: z.enum(dashboardFilterOperators),
            values: z.array(z.string().max(1_000)).max(100).default([]),
          })
          .strict(),
      )
      .max(20)
      .default([]),
    order: z.array(z.tuple([dashboardMemberSchema, z.enum(['asc', 'desc'])])).max(10).default([]),
    limit: z.number().int().min(1).max(dashboardMaxRows).default(dashboardMaxRows),
  })
  .strict();
export type DashboardLoadPayload = z.input<typeof dashboardLoadPayloadSchema>;
export type DashboardLoadQuery = z.output<typeof dashboardLoadPayloadSchema>;

/** A row keyed by member (`Documents.count`, `Documents.createdAt.month`), as Cube's `data` holds it. */
export const dashboardRowSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type DashboardRow = z.infer<typeof dashboardRowSchema>;

/**
 * The rows, or the plugin's refusal of a query it will not run: `BAD_USER_INPUT` for an unknown member or a
 * wrong value, `QUERY_TOO_COMPLEX` for one over its cost budget. Anything else is an error reply.
 */
export const dashboardLoadReplySchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('rows'), rows: z.array(dashboardRowSchema), scanned: z.number().int().min(0) }),
  z.object({ outcome: z.literal('refused'), code: z.enum(['BAD_USER_INPUT', 'QUERY_TOO_COMPLEX']), message: z.string() }),
]);
export type DashboardLoadReply = z.infer<typeof dashboardLoadReplySchema>;

/** `<plugin>:dashboard.load`: the owning plugin runs a dataset query on its own database. */
export function dashboardLoadQueue(plugin: string) {
  return rpcQueue(`${plugin}:dashboard.load`, dashboardLoadPayloadSchema, dashboardLoadReplySchema);
}

/** `<plugin>:dashboard.datasets`: the datasets a plugin declares (its definition's `dashboardDatasets`, as JSON). */
export function dashboardDatasetsQueue(plugin: string) {
  return rpcQueue(`${plugin}:dashboard.datasets`, z.object({}).strict(), z.object({ datasets: z.array(z.unknown()) }));
}
