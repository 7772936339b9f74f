import { dashboardFilterOperators, dashboardLoadPayloadSchema, dashboardMaxRows, type DashboardLoadQuery } from '@lattice/contracts';
import { InputError } from '@lattice/plugin-sdk';
import { z } from 'zod';
import { resolveDateRange } from './relative-date-range.js';

const member = z.string().min(1).max(200);
const filterSchema = z.union([
  z
    .object({
      member: member.optional(),
      dimension: member.optional(),
      operator: z.enum(dashboardFilterOperators),
      values: z.array(z.union([z.string(), z.number(), z.boolean()]).transform(String)).optional(),
    })
    .strict(),
  z.object({ and: z.array(z.unknown()) }).strict(),
  z.object({ or: z.array(z.unknown()) }).strict(),
]);

/** Cube's REST query (https://cube.dev/docs/product/apis-integrations/rest-api/query-format), the parts Lattice runs. */
export const cubeQuerySchema = z
  .object({
    measures: z.array(member).optional(),
    dimensions: z.array(member).optional(),
    timeDimensions: z
      .array(
        z
          .object({
            dimension: member,
            granularity: z.enum(['day', 'week', 'month']).optional(),
            dateRange: z.union([z.string(), z.array(z.string())]).optional(),
          })
          .strict(),
      )
      .optional(),
    filters: z.array(filterSchema).optional(),
    order: z.union([z.record(member, z.enum(['asc', 'desc'])), z.array(z.tuple([member, z.enum(['asc', 'desc'])]))]).optional(),
    limit: z.number().int().min(1).max(dashboardMaxRows).optional(),
    offset: z.literal(0).optional(),
    timezone: z.literal('UTC').optional(),
    ungrouped: z.literal(false).optional(),
    total: z.literal(false).optional(),
    renewQuery: z.boolean().optional(),
    responseFormat: z.literal('default').optional(),
  })
  .strict();
export type CubeQuery = z.infer<typeof cubeQuerySchema>;

export interface ParsedCubeQuery {
  /** The dataset every member of the query belongs to. */
  dataset: string;
  /** What the owning plugin runs (relative date ranges already instants). */
  load: DashboardLoadQuery;
  /** The query as Cube echoes it back: date ranges absolute. */
  normalized: CubeQuery & { timezone: 'UTC' };
}

function problems(error: z.ZodError): string {
  return error.issues.map((issue) => `"${issue.path.join('.') || 'query'}" ${issue.message}`).join('; ');
}

/**
 * Reads a Cube query (from `?query=` JSON or a POST body) into the one-dataset query a plugin runs. What Lattice
 * does not run is refused by name rather than ignored: `and`/`or` filter groups, offsets, other time zones.
 */
export function parseCubeQuery(input: unknown, now = new Date()): ParsedCubeQuery {
  const parsed = cubeQuerySchema.safeParse(input);
  if (!parsed.success) throw new InputError(`The query is not valid: ${problems(parsed.error)}`);
  const query = parsed.data;
  const filters = (query.filters ?? []).map((filter) => {
    if ('and' in filter || 'or' in filter) throw new InputError('"and"/"or" filter groups are not supported; list filters side by side (they all apply)');
    const name = filter.member ?? filter.dimension;
    if (!name) throw new InputError('A filter needs a "member"');
    return { member: name, operator: filter.operator, values: filter.values ?? [] };
  });
  const order = Array.isArray(query.order) ? query.order : Object.entries(query.order ?? {});
  const timeDimensions = (query.timeDimensions ?? []).map((time) => {
    if (time.dateRange === undefined) return { dimension: time.dimension, granularity: time.granularity };
    const [from, to] = resolveDateRange(time.dateRange, now);
    return { dimension: time.dimension, granularity: time.granularity, dateRange: [from.toISOString(), to.toISOString()] as [string, string] };
  });
  const members = [
    ...(query.measures ?? []),
    ...(query.dimensions ?? []),
    ...timeDimensions.map((time) => time.dimension),
    ...filters.map((filter) => filter.member),
    ...order.map(([name]) => name),
  ];
  const datasets = new Set(members.map((name) => name.split('.')[0]));
  if (datasets.size === 0) throw new InputError('The query names no measure or dimension');
  if (datasets.size > 1) throw new InputError(`One query reads one dataset; this one names ${[...datasets].map((name) => `"${name}"`).join(', ')}`);
  const dataset = [...datasets][0]!;
  const load = dashboardLoadPayloadSchema.safeParse({
    dataset,
    measures: query.measures ?? [],
    dimensions: query.dimensions ?? [],
    timeDimensions,
    filters,
    order,
    limit: query.limit ?? dashboardMaxRows,
  });
  if (!load.success) throw new InputError(`The query is not valid: ${problems(load.error)}`);
  const normalized = {
    ...query,
    timeDimensions: timeDimensions.map((time) => ({
      dimension: time.dimension,
      ...(time.granularity ? { granularity: time.granularity } : {}),
      ...(time.dateRange ? { dateRange: time.dateRange.map((instant) => new Date(instant).toISOString().slice(0, 23)) } : {}),
    })),
    filters,
    timezone: 'UTC' as const,
  };
  return { dataset, load: load.data, normalized };
}
