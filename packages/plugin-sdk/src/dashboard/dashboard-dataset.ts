import { z } from 'zod';

/**
 * A dataset a plugin offers the dashboard (issue 31): one collection of the plugin's own database, the numbers
 * that can be read from it (measures) and what they can be grouped by (dimensions). The dashboard API serves it
 * in Cube's format as the cube `name`, its members as `<name>.<member>`; the plugin's host runs the aggregation.
 */
export interface DashboardDataset {
  /** The cube's name, unique across plugins: a capitalised identifier such as `Documents`. */
  name: string;
  title: string;
  description?: string;
  /** The collection in the plugin's own database. */
  collection: string;
  /** The permission (`plugin:action`) a user needs to read anything of this dataset. */
  permission: string;
  measures: Readonly<Record<string, DashboardMeasure>>;
  dimensions: Readonly<Record<string, DashboardDimension>>;
}

export const dashboardMeasureTypes = ['count', 'sum', 'avg', 'min', 'max', 'countDistinct'] as const;
export type DashboardMeasureType = (typeof dashboardMeasureTypes)[number];

export const durationUnits = { second: 1_000, minute: 60_000, hour: 3_600_000, day: 86_400_000 } as const;
export type DurationUnit = keyof typeof durationUnits;

/** An equality condition on stored fields; `null` matches a missing field, `{ exists }` asks for presence. */
export type DashboardCondition = Readonly<Record<string, string | number | boolean | null | { exists: boolean }>>;

export interface DashboardMeasure {
  type: DashboardMeasureType;
  title: string;
  /** The field summed, averaged, …; not for `count`. */
  field?: string;
  /** Instead of `field`: the time from one date field to another, in `unit` (for example first-response time). */
  duration?: { from: string; to: string; unit: DurationUnit };
  /** Counts or sums only the records that meet it (for example conversations whose status is closed). */
  where?: DashboardCondition;
}

export const dashboardDimensionTypes = ['string', 'number', 'boolean', 'time'] as const;
export type DashboardDimensionType = (typeof dashboardDimensionTypes)[number];

export interface DashboardDimension {
  type: DashboardDimensionType;
  title: string;
  field: string;
  /**
   * The name of a related record instead of the stored id: the record in `collection` of the same database whose
   * `_id` (an ObjectId) is the stored value, shown by its `show` field (a document's type name).
   */
  related?: { collection: string; show: string };
}

/** Time granularities of a time dimension (Cube's names). */
export const dashboardGranularities = ['day', 'week', 'month'] as const;
export type DashboardGranularity = (typeof dashboardGranularities)[number];

const identifier = z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'must be a letter followed by letters, digits or "_"');
const fieldPath = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/, 'must be a field path');
const conditionSchema = z.record(
  fieldPath,
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.object({ exists: z.boolean() }).strict()]),
);

const measureSchema = z
  .object({
    type: z.enum(dashboardMeasureTypes),
    title: z.string().min(1),
    field: fieldPath.optional(),
    duration: z.object({ from: fieldPath, to: fieldPath, unit: z.enum(Object.keys(durationUnits) as [DurationUnit]) }).strict().optional(),
    where: conditionSchema.optional(),
  })
  .strict()
  .refine((measure) => !(measure.field && measure.duration), 'takes "field" or "duration", not both')
  .refine(
    (measure) => measure.type === 'count' || measure.field !== undefined || measure.duration !== undefined,
    'needs "field" or "duration" (every type but count reads a value)',
  )
  .refine((measure) => measure.type !== 'count' || (!measure.field && !measure.duration), 'a count reads no "field" or "duration"');

const dimensionSchema = z
  .object({
    type: z.enum(dashboardDimensionTypes),
    title: z.string().min(1),
    field: fieldPath,
    related: z.object({ collection: z.string().min(1), show: fieldPath }).strict().optional(),
  })
  .strict()
  .refine((dimension) => !(dimension.related && dimension.type !== 'string'), 'a "related" name is a string dimension');

export const dashboardDatasetSchema = z
  .object({
    name: identifier,
    title: z.string().min(1),
    description: z.string().optional(),
    collection: z.string().min(1),
    permission: z.string().regex(/^[a-z][a-z0-9-]*:[A-Za-z][A-Za-z0-9_.]*$/, 'must be "plugin:action"'),
    measures: z.record(identifier, measureSchema).refine((measures) => Object.keys(measures).length > 0, 'needs at least one measure'),
    dimensions: z.record(identifier, dimensionSchema),
  })
  .strict()
  .refine(
    (dataset) => !Object.keys(dataset.measures).some((member) => member in dataset.dimensions),
    'uses one name for a measure and a dimension',
  );

/** A plugin's datasets: names unique within the plugin (the dashboard API also refuses one named twice across plugins). */
export const dashboardDatasetsSchema = z
  .array(dashboardDatasetSchema)
  .refine((datasets) => new Set(datasets.map((dataset) => dataset.name)).size === datasets.length, 'names a dataset twice');

/**
 * Declares a dataset, typed; the host checks the plugin's datasets again when it loads the plugin
 * (`validatePluginDefinition`), so a wrong one fails at boot naming the field.
 */
export function defineDashboardDataset(dataset: DashboardDataset): DashboardDataset {
  return dataset;
}
