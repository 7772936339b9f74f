import type { DashboardLoadQuery } from '@lattice/contracts';
import { durationUnits, InputError, type DashboardCondition, type DashboardDataset, type DashboardDimension, type DashboardMeasure } from '@lattice/plugin-sdk';

type Expression = unknown;
type Stage = Record<string, unknown>;

/** One output column of the aggregation: the key it has in the pipeline's result and in Cube's row. */
export interface OutputColumn {
  /** The field of the `$group` result (`_id.d0`, `m0`). */
  key: string;
  /** The member names it is answered under: `Documents.count`; a time dimension with granularity has two. */
  members: string[];
  kind: 'measure' | 'dimension' | 'time';
  /** For a related dimension: where its names are read once the groups are known. */
  related?: DashboardDimension['related'];
}

export interface CompiledDatasetQuery {
  collection: string;
  /** The part of the pipeline before grouping: what decides how many records are read. */
  match: Record<string, unknown>;
  pipeline: Stage[];
  columns: OutputColumn[];
  /** Filters on related dimensions' names, resolved to ids by the runner before the pipeline runs. */
  relatedFilters: Array<{ field: string; related: NonNullable<DashboardDimension['related']>; operator: string; values: string[] }>;
  /**
   * Set when the query is ordered by a related name, which the database does not hold: the pipeline then stops
   * after grouping (at most `maxGroupsOrderedByName` + 1 groups), and the runner sorts and limits once the names are read.
   */
  orderAfterNaming?: { sort: Array<[key: string, direction: 1 | -1]>; limit: number };
}

/** The most groups a query ordered by a related name may have: they are all read back to be sorted by name. */
export const maxGroupsOrderedByName = 10_000;

function memberOf(dataset: DashboardDataset, member: string): { name: string; measure?: DashboardMeasure; dimension?: DashboardDimension } {
  const [datasetName, name] = member.split('.') as [string, string];
  if (datasetName !== dataset.name) throw new InputError(`"${member}" is not a member of dataset "${dataset.name}"; one query reads one dataset`);
  const measure = dataset.measures[name];
  const dimension = dataset.dimensions[name];
  if (!measure && !dimension) throw new InputError(`Dataset "${dataset.name}" has no member "${name}"`);
  return { name, measure, dimension };
}

function conditionExpression(condition: DashboardCondition): Expression {
  const parts = Object.entries(condition).map(([field, wanted]) => {
    const value = { $ifNull: [`$${field}`, null] };
    if (wanted !== null && typeof wanted === 'object') return wanted.exists ? { $ne: [value, null] } : { $eq: [value, null] };
    return { $eq: [value, wanted] };
  });
  return parts.length === 1 ? parts[0] : { $and: parts };
}

function valueExpression(measure: DashboardMeasure): Expression {
  if (measure.duration) {
    const { from, to, unit } = measure.duration;
    return { $divide: [{ $subtract: [`$${to}`, `$${from}`] }, durationUnits[unit]] };
  }
  return `$${measure.field}`;
}

function accumulator(measure: DashboardMeasure): Expression {
  const only = (value: Expression, otherwise: Expression) => (measure.where ? { $cond: [conditionExpression(measure.where), value, otherwise] } : value);
  switch (measure.type) {
    case 'count':
      return { $sum: only(1, 0) };
    case 'sum':
      return { $sum: only(valueExpression(measure), 0) };
    case 'avg':
      return { $avg: only(valueExpression(measure), null) };
    case 'min':
      return { $min: only(valueExpression(measure), null) };
    case 'max':
      return { $max: only(valueExpression(measure), null) };
    case 'countDistinct':
      return { $addToSet: only(valueExpression(measure), null) };
  }
}

function filterValue(member: string, dimension: DashboardDimension, text: string): unknown {
  switch (dimension.type) {
    case 'number': {
      const number = Number(text);
      if (text.trim() === '' || !Number.isFinite(number)) throw new InputError(`Filter on "${member}" needs numbers, got "${text}"`);
      return number;
    }
    case 'boolean':
      if (text !== 'true' && text !== 'false') throw new InputError(`Filter on "${member}" needs "true" or "false", got "${text}"`);
      return text === 'true';
    case 'time': {
      const date = new Date(text);
      if (Number.isNaN(date.getTime())) throw new InputError(`Filter on "${member}" needs dates, got "${text}"`);
      return date;
    }
    case 'string':
      return text;
  }
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A condition of Cube's filter operators on one stored field (values already typed). */
export function fieldCondition(member: string, operator: string, values: unknown[]): Record<string, unknown> {
  const first = () => {
    if (values.length === 0) throw new InputError(`Filter "${operator}" on "${member}" needs a value`);
    return values[0];
  };
  const dateRange = () => {
    if (values.length !== 2) throw new InputError(`Filter "${operator}" on "${member}" needs two dates, from and to`);
    return { $gte: values[0], $lte: values[1] };
  };
  switch (operator) {
    case 'equals':
      return values.length === 1 ? { $eq: first() } : { $in: values };
    case 'notEquals':
      return { $nin: values };
    case 'contains':
      return { $regex: values.map((value) => escapeRegex(String(value))).join('|') || first(), $options: 'i' };
    case 'notContains':
      return { $not: new RegExp(values.map((value) => escapeRegex(String(value))).join('|') || String(first()), 'i') };
    case 'gt':
      return { $gt: first() };
    case 'gte':
      return { $gte: first() };
    case 'lt':
      return { $lt: first() };
    case 'lte':
      return { $lte: first() };
    case 'set':
      return { $ne: null };
    case 'notSet':
      return { $eq: null };
    case 'inDateRange':
      return dateRange();
    case 'notInDateRange': {
      const range = dateRange();
      return { $not: range };
    }
    case 'beforeDate':
      return { $lt: first() };
    case 'afterDate':
      return { $gt: first() };
    default:
      throw new InputError(`Unknown filter operator "${operator}"`);
  }
}

/** The end of a Cube date range is the whole of its last day when it is given as a day. */
export function rangeEnd(text: string): Date {
  const date = new Date(text);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(date.getTime() + durationUnits.day - 1) : date;
}

/**
 * Compiles a dataset query (Cube's, see `dashboardLoadPayloadSchema`) into one MongoDB aggregation over the
 * dataset's collection: `$match` on the filters and date ranges, one `$group` by the dimensions (time ones
 * truncated to their granularity with `$dateTrunc`, weeks starting on Monday as in Cube), measure filters,
 * order and limit. Unknown members and values that do not fit are `InputError`s naming them.
 */
export function compileDatasetQuery(dataset: DashboardDataset, query: DashboardLoadQuery): CompiledDatasetQuery {
  if (query.measures.length === 0 && query.dimensions.length === 0 && query.timeDimensions.every((time) => !time.granularity)) {
    throw new InputError('A query needs at least one measure or dimension');
  }
  const match: Record<string, unknown> = {};
  const addCondition = (field: string, condition: Record<string, unknown>) => {
    const conditions = (match.$and ??= []) as unknown[];
    conditions.push({ [field]: condition });
  };
  const columns: OutputColumn[] = [];
  const groupId: Record<string, Expression> = {};
  const group: Record<string, Expression> = {};
  const keyOfMember = new Map<string, string>();
  const relatedFilters: CompiledDatasetQuery['relatedFilters'] = [];
  const having: Record<string, unknown>[] = [];
  const countDistinctKeys: string[] = [];

  query.dimensions.forEach((member, index) => {
    const { dimension } = memberOf(dataset, member);
    if (!dimension) throw new InputError(`"${member}" is a measure; list it under measures`);
    const key = `d${index}`;
    groupId[key] = `$${dimension.field}`;
    keyOfMember.set(member, `_id.${key}`);
    columns.push({ key: `_id.${key}`, members: [member], kind: dimension.type === 'time' ? 'time' : 'dimension', related: dimension.related });
  });
  query.timeDimensions.forEach((time, index) => {
    const { dimension } = memberOf(dataset, time.dimension);
    if (dimension?.type !== 'time') throw new InputError(`"${time.dimension}" is not a time dimension`);
    if (time.dateRange) addCondition(dimension.field, { $gte: new Date(time.dateRange[0]), $lte: rangeEnd(time.dateRange[1]) });
    if (!time.granularity) return;
    const key = `t${index}`;
    groupId[key] = { $dateTrunc: { date: `$${dimension.field}`, unit: time.granularity, startOfWeek: 'monday' } };
    const member = `${time.dimension}.${time.granularity}`;
    keyOfMember.set(member, `_id.${key}`);
    keyOfMember.set(time.dimension, `_id.${key}`);
    columns.push({ key: `_id.${key}`, members: [member, time.dimension], kind: 'time' });
  });
  query.measures.forEach((member, index) => {
    const { measure } = memberOf(dataset, member);
    if (!measure) throw new InputError(`"${member}" is a dimension; list it under dimensions`);
    const key = `m${index}`;
    group[key] = accumulator(measure);
    if (measure.type === 'countDistinct') countDistinctKeys.push(key);
    keyOfMember.set(member, key);
    columns.push({ key, members: [member], kind: 'measure' });
  });

  for (const filter of query.filters) {
    const { measure, dimension } = memberOf(dataset, filter.member);
    if (measure) {
      const key = keyOfMember.get(filter.member);
      if (!key) throw new InputError(`Filter on measure "${filter.member}" needs it among the query's measures`);
      const values = filter.values.map((text) => {
        const number = Number(text);
        if (text.trim() === '' || !Number.isFinite(number)) throw new InputError(`Filter on "${filter.member}" needs numbers, got "${text}"`);
        return number;
      });
      having.push({ [key]: fieldCondition(filter.member, filter.operator, values) });
      continue;
    }
    const found = dimension!;
    if (found.related) {
      relatedFilters.push({ field: found.field, related: found.related, operator: filter.operator, values: filter.values });
      continue;
    }
    const values =
      found.type === 'time' && (filter.operator === 'inDateRange' || filter.operator === 'notInDateRange')
        ? filter.values.map((text, index) => (index === 1 ? rangeEnd(text) : filterValue(filter.member, found, text)))
        : filter.values.map((text) => filterValue(filter.member, found, text));
    addCondition(found.field, fieldCondition(filter.member, filter.operator, values));
  }

  const pipeline: Stage[] = [];
  if (match.$and) pipeline.push({ $match: match });
  pipeline.push({ $group: { _id: groupId, ...group } });
  if (countDistinctKeys.length > 0) {
    pipeline.push({ $set: Object.fromEntries(countDistinctKeys.map((key) => [key, { $size: { $setDifference: [`$${key}`, [null]] } }])) });
  }
  if (having.length > 0) pipeline.push({ $match: { $and: having } });
  const sort: Record<string, 1 | -1> = {};
  for (const [member, direction] of query.order) {
    const key = keyOfMember.get(member);
    if (!key) throw new InputError(`Order by "${member}" needs it among the query's measures or dimensions`);
    sort[key] = direction === 'asc' ? 1 : -1;
  }
  if (query.order.length === 0) {
    // Cube's default order: by the first time dimension, else the first measure from the largest, else the first dimension.
    const time = columns.find((column) => column.kind === 'time');
    const measure = columns.find((column) => column.kind === 'measure');
    const first = time ?? measure ?? columns[0];
    if (first) sort[first.key] = first === measure ? -1 : 1;
  }
  // A stable answer for equal keys, so the limit always keeps the same groups.
  for (const column of columns) if (column.kind !== 'measure' && !(column.key in sort)) sort[column.key] = 1;
  const byName = query.order.some(([member]) => columns.find((column) => column.members.includes(member))?.related);
  if (byName) {
    pipeline.push({ $limit: maxGroupsOrderedByName + 1 });
    const orderAfterNaming = { sort: Object.entries(sort), limit: query.limit };
    return { collection: dataset.collection, match: match.$and ? match : {}, pipeline, columns, relatedFilters, orderAfterNaming };
  }
  if (Object.keys(sort).length > 0) pipeline.push({ $sort: sort });
  pipeline.push({ $limit: query.limit });
  return { collection: dataset.collection, match: match.$and ? match : {}, pipeline, columns, relatedFilters };
}
