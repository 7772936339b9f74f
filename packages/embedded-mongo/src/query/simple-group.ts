import { ObjectId, type Document } from 'bson';
import { isPlainObject } from './path-values.js';
import { checkTimeBudget } from './time-budget.js';

/**
 * A `$group` that counts by plain fields and calendar buckets, the shape dashboards ask for
 * (`{_id: {d0: '$typeId', t0: {$dateTrunc: {date: '$createdAt', unit: 'month'}}}, m0: {$sum: 1}}`), run in one
 * pass over the stored documents instead of through mingo: mingo evaluates every expression generically and,
 * before that, the pipeline copies each document into its numeric view, which made a count over 100,000 documents
 * take 250–500 ms (bench/dashboard). Anything outside this shape, or any key value that is not a plain scalar
 * (arrays, sub-documents, bson numeric classes), returns undefined and the pipeline runs as before.
 */
type KeyPart = { name: string | undefined; read: (doc: Document) => unknown };

const DAY_MS = 86_400_000;
const FIXED_UNIT_MS: Record<string, number> = { day: DAY_MS, hour: 3_600_000, minute: 60_000, second: 1000 };
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
/** Returned by a reader when the value is one this path does not handle; the whole group then falls back. */
const UNHANDLED = Symbol('unhandled');

function fieldReader(expression: unknown): ((doc: Document) => unknown) | undefined {
  if (typeof expression !== 'string' || !expression.startsWith('$') || expression.startsWith('$$') || expression.length < 2) return undefined;
  const segments = expression.slice(1).split('.');
  if (segments.some((segment) => segment === '' || segment.startsWith('$'))) return undefined;
  return (doc) => {
    let value: unknown = doc;
    for (const segment of segments) {
      if (value === undefined || value === null) return undefined;
      if (!isPlainObject(value)) return UNHANDLED;
      value = value[segment];
    }
    return value;
  };
}

function weekStart(startOfWeek: unknown): number | undefined {
  if (startOfWeek === undefined) return 0;
  if (typeof startOfWeek !== 'string') return undefined;
  const wanted = startOfWeek.toLowerCase();
  const index = WEEKDAYS.findIndex((day) => day === wanted || day.slice(0, 3) === wanted);
  return index === -1 ? undefined : index;
}

function truncate(time: number, unit: string, firstWeekday: number): number {
  const fixed = FIXED_UNIT_MS[unit];
  if (fixed) return Math.floor(time / fixed) * fixed;
  const date = new Date(time);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  if (unit === 'year') return Date.UTC(year, 0, 1);
  if (unit === 'quarter') return Date.UTC(year, month - (month % 3), 1);
  if (unit === 'month') return Date.UTC(year, month, 1);
  // week: 1 January 1970 was a Thursday (weekday 4).
  const days = Math.floor(time / DAY_MS);
  const weekday = (((days + 4) % 7) + 7) % 7;
  return (days - ((weekday - firstWeekday + 7) % 7)) * DAY_MS;
}

function dateTruncReader(expression: unknown): ((doc: Document) => unknown) | undefined {
  if (!isPlainObject(expression) || Object.keys(expression).length !== 1 || !isPlainObject(expression.$dateTrunc)) return undefined;
  const { date, unit, startOfWeek, binSize, timezone, ...others } = expression.$dateTrunc;
  if (Object.keys(others).length > 0 || timezone !== undefined || (binSize !== undefined && binSize !== 1)) return undefined;
  if (typeof unit !== 'string' || !['year', 'quarter', 'month', 'week', 'day', 'hour', 'minute', 'second'].includes(unit)) return undefined;
  const firstWeekday = weekStart(startOfWeek);
  const read = fieldReader(date);
  if (!read || firstWeekday === undefined) return undefined;
  // Calendar units are the same for a whole UTC day: one Date per day seen, one per bucket handed out.
  const dayBuckets = new Map<number, Date>();
  const buckets = new Map<number, Date>();
  return (doc) => {
    const value = read(doc);
    if (value === undefined || value === null) return null;
    if (!(value instanceof Date)) return UNHANDLED;
    const time = value.getTime();
    if (Number.isNaN(time)) return UNHANDLED;
    if (FIXED_UNIT_MS[unit]) return bucketDate(buckets, truncate(time, unit, firstWeekday));
    const day = Math.floor(time / DAY_MS);
    let bucket = dayBuckets.get(day);
    if (!bucket) {
      bucket = bucketDate(buckets, truncate(time, unit, firstWeekday));
      dayBuckets.set(day, bucket);
    }
    return bucket;
  };
}

function bucketDate(buckets: Map<number, Date>, time: number): Date {
  let date = buckets.get(time);
  if (!date) {
    date = new Date(time);
    buckets.set(time, date);
  }
  return date;
}

/** One text per group value, equal exactly when MongoDB puts two values in the same group (scalars only). */
function keyText(value: unknown): string | typeof UNHANDLED {
  if (value === undefined || value === null) return 'z';
  switch (typeof value) {
    case 'string':
      return `s${value}`;
    case 'number':
      return `n${value}`;
    case 'boolean':
      return value ? 'T' : 'F';
  }
  if (value instanceof Date) return `d${value.getTime()}`;
  if (value instanceof ObjectId) return `o${value.toHexString()}`;
  return UNHANDLED;
}

function keyParts(id: unknown): KeyPart[] | undefined {
  const single = fieldReader(id) ?? dateTruncReader(id);
  if (single) return [{ name: undefined, read: single }];
  if (!isPlainObject(id) || Object.keys(id).length === 0) return undefined;
  const parts: KeyPart[] = [];
  for (const [name, expression] of Object.entries(id)) {
    if (name.startsWith('$') || name.includes('.')) return undefined;
    const read = fieldReader(expression) ?? dateTruncReader(expression);
    if (!read) return undefined;
    parts.push({ name, read });
  }
  return parts;
}

/** The counts of a `$group` of the simple shape, in order of first appearance (as mingo answers), or undefined. */
export function runSimpleGroup(docs: Iterable<Document>, spec: Document): Document[] | undefined {
  const { _id: id, ...accumulators } = spec;
  const parts = keyParts(id);
  if (!parts) return undefined;
  const counts: Array<[string, number]> = [];
  for (const [name, accumulator] of Object.entries(accumulators)) {
    if (name.includes('.') || name.startsWith('$') || !isPlainObject(accumulator) || Object.keys(accumulator).length !== 1) return undefined;
    const amount = accumulator.$sum;
    if (typeof amount !== 'number' || !Number.isFinite(amount)) return undefined;
    counts.push([name, amount]);
  }
  const groups = new Map<string, Document>();
  let seen = 0;
  for (const doc of docs) {
    if (++seen % 1024 === 0) checkTimeBudget();
    const values: unknown[] = [];
    let text = '';
    for (const part of parts) {
      const value = part.read(doc);
      // In an expression object a missing field is left out, so missing and null are two groups there.
      const valueText = value === UNHANDLED ? UNHANDLED : value === undefined && part.name !== undefined ? 'u' : keyText(value);
      if (valueText === UNHANDLED) return undefined;
      values.push(value);
      text = parts.length === 1 ? valueText : `${text}${valueText.length}:${valueText}`;
    }
    let group = groups.get(text);
    if (!group) {
      group = { _id: groupId(parts, values) };
      for (const [name] of counts) group[name] = 0;
      groups.set(text, group);
    }
    for (const [name, amount] of counts) group[name] += amount;
  }
  return [...groups.values()];
}

function groupId(parts: KeyPart[], values: unknown[]): unknown {
  const copy = (value: unknown) => (value === undefined ? null : value instanceof Date ? new Date(value.getTime()) : value);
  if (parts.length === 1 && parts[0]!.name === undefined) return copy(values[0]);
  const id: Document = {};
  parts.forEach((part, index) => {
    // An expression object leaves out a field whose value is missing, as MongoDB does.
    if (values[index] !== undefined) id[part.name!] = copy(values[index]);
  });
  return id;
}
