import type { DashboardLoadQuery, DashboardLoadReply, DashboardRow } from '@lattice/contracts';
import { InputError, type DashboardDataset } from '@lattice/plugin-sdk';
import { mongo, Types, type Connection } from 'mongoose';
import { compileDatasetQuery, fieldCondition, maxGroupsOrderedByName, type CompiledDatasetQuery, type OutputColumn } from './compile-dataset-query.js';

/** What one dataset query may cost the plugin's database. */
export interface DashboardQueryBudget {
  /** The most records one query may read (the collection's size, or what its filters leave when it is bigger). */
  maxScannedRecords: number;
  /** The database's time budget for the aggregation (`maxTimeMS`). */
  maxTimeMs: number;
}

export const defaultDashboardQueryBudget: DashboardQueryBudget = { maxScannedRecords: 2_000_000, maxTimeMs: 5_000 };

class QueryTooCostlyError extends Error {}

function valueAt(record: Record<string, unknown>, key: string): unknown {
  return key.split('.').reduce<unknown>((value, part) => (value as Record<string, unknown> | undefined)?.[part], record);
}

/** Cube's time format: local time without a zone (the queries run in UTC). */
function cubeTime(value: unknown): string | null {
  return value instanceof Date ? value.toISOString().slice(0, 23) : null;
}

function cell(column: OutputColumn, value: unknown): string | number | boolean | null {
  if (value === undefined || value === null) return null;
  if (column.kind === 'time') return cubeTime(value);
  if (value instanceof Types.ObjectId) return value.toHexString();
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

function objectIdsAmong(values: unknown[]): Types.ObjectId[] {
  return values.flatMap((value) => (typeof value === 'string' && /^[0-9a-fA-F]{24}$/.test(value) ? [new Types.ObjectId(value)] : value instanceof Types.ObjectId ? [value] : []));
}

/** A filter on a related name becomes a filter on the stored ids of the related records that match it. */
async function relatedFilterStages(db: Connection, compiled: CompiledDatasetQuery): Promise<Record<string, unknown>[]> {
  return Promise.all(
    compiled.relatedFilters.map(async (filter) => {
      const related = await db
        .collection(filter.related.collection)
        .find({ [filter.related.show]: fieldCondition(filter.related.show, filter.operator, filter.values) }, { projection: { _id: 1 } })
        .limit(10_000)
        .toArray();
      const ids = related.map((record) => record._id);
      return { $match: { [filter.field]: { $in: [...ids, ...ids.map(String)] } } };
    }),
  );
}

/** Replaces related ids by the names of their records, read once for all the rows. */
async function nameRelated(db: Connection, compiled: CompiledDatasetQuery, rows: Record<string, unknown>[]): Promise<void> {
  for (const column of compiled.columns) {
    if (!column.related) continue;
    const { collection, show } = column.related;
    const ids = objectIdsAmong(rows.map((row) => valueAt(row, column.key)));
    const records = ids.length === 0 ? [] : await db.collection(collection).find({ _id: { $in: ids } }, { projection: { [show]: 1 } }).toArray();
    const names = new Map(records.map((record) => [String(record._id), valueAt(record, show)]));
    for (const row of rows) {
      const id = valueAt(row, column.key);
      const name = id === null || id === undefined ? null : (names.get(String(id)) ?? null);
      const [head, tail] = column.key.split('.') as [string, string | undefined];
      if (tail) (row[head] as Record<string, unknown>)[tail] = name;
      else row[head] = name;
    }
  }
}

/** MongoDB's order between the values a group can hold: null, numbers, strings, booleans, dates; strings by their code points. */
function compareGroupValues(a: unknown, b: unknown): number {
  const rank = (value: unknown) => (value === null || value === undefined ? 0 : typeof value === 'number' ? 1 : typeof value === 'string' ? 2 : typeof value === 'boolean' ? 3 : value instanceof Date ? 4 : 5);
  const [rankA, rankB] = [rank(a), rank(b)];
  if (rankA !== rankB) return rankA - rankB;
  if (rankA === 0) return 0;
  const [left, right] = rankA === 4 ? [(a as Date).getTime(), (b as Date).getTime()] : rankA === 5 ? [String(a), String(b)] : [a as number | string, b as number | string];
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Sorts groups by names read after grouping, then keeps the query's limit (see `orderAfterNaming`). */
function orderByNames(results: Record<string, unknown>[], { sort, limit }: NonNullable<CompiledDatasetQuery['orderAfterNaming']>): Record<string, unknown>[] {
  const sorted = [...results].sort((a, b) => {
    for (const [key, direction] of sort) {
      const compared = compareGroupValues(valueAt(a, key), valueAt(b, key));
      if (compared !== 0) return compared * direction;
    }
    return 0;
  });
  return sorted.slice(0, limit);
}

async function checkCost(db: Connection, compiled: CompiledDatasetQuery, budget: DashboardQueryBudget, dataset: DashboardDataset): Promise<number> {
  const collection = db.collection(compiled.collection);
  const estimated = await collection.estimatedDocumentCount();
  if (estimated <= budget.maxScannedRecords) return estimated;
  // Over budget as a whole: the query may still pass when its filters leave few enough records.
  const matching = Object.keys(compiled.match).length === 0 ? estimated : await collection.countDocuments(compiled.match, { maxTimeMS: budget.maxTimeMs });
  if (matching > budget.maxScannedRecords) {
    throw new QueryTooCostlyError(
      `The query over "${dataset.name}" would read ${matching} records, over the budget of ${budget.maxScannedRecords}; narrow it with a date range or filters`,
    );
  }
  return matching;
}

/**
 * Runs a dataset query on the plugin's own database and answers Cube's rows, or refuses it: `BAD_USER_INPUT`
 * when it names what the dataset does not have, `QUERY_TOO_COMPLEX` when it would read more than the budget
 * allows or runs past its time budget.
 */
export async function runDatasetQuery(
  db: Connection,
  dataset: DashboardDataset,
  query: DashboardLoadQuery,
  budget: DashboardQueryBudget = defaultDashboardQueryBudget,
): Promise<DashboardLoadReply> {
  try {
    const compiled = compileDatasetQuery(dataset, query);
    const scanned = await checkCost(db, compiled, budget, dataset);
    const pipeline = [...(await relatedFilterStages(db, compiled)), ...compiled.pipeline];
    let results = await db.collection(compiled.collection).aggregate(pipeline, { maxTimeMS: budget.maxTimeMs }).toArray();
    if (compiled.orderAfterNaming && results.length > maxGroupsOrderedByName) {
      throw new QueryTooCostlyError(
        `Ordering "${dataset.name}" by a related name needs at most ${maxGroupsOrderedByName} groups; this query has more: narrow it with filters, or order by a measure`,
      );
    }
    await nameRelated(db, compiled, results);
    if (compiled.orderAfterNaming) results = orderByNames(results, compiled.orderAfterNaming);
    const rows = results.map((result) => {
      const row: DashboardRow = {};
      for (const column of compiled.columns) {
        const value = cell(column, valueAt(result, column.key));
        for (const member of column.members) row[member] = value;
      }
      return row;
    });
    return { outcome: 'rows', rows, scanned };
  } catch (error) {
    if (error instanceof InputError) return { outcome: 'refused', code: 'BAD_USER_INPUT', message: error.message };
    if (error instanceof QueryTooCostlyError) return { outcome: 'refused', code: 'QUERY_TOO_COMPLEX', message: error.message };
    if (error instanceof mongo.MongoServerError && error.code === 50) {
      return {
        outcome: 'refused',
        code: 'QUERY_TOO_COMPLEX',
        message: `The query over "${dataset.name}" ran past its time budget of ${budget.maxTimeMs} ms; narrow it with a date range or filters`,
      };
    }
    throw error;
  }
}
