import type { Document } from 'bson';
import type { QueryPlan } from '../query/find-documents.js';
import { indexConditions } from '../query/index-conditions.js';
import type { AccessPath } from '../query/access-path.js';
import type { OperationStats } from '../query/operation-stats.js';
import { isPlainObject } from '../query/path-values.js';

/** mongod's default `slowms`: an operation that takes longer is logged. */
export const DEFAULT_SLOW_MS = 100;

/**
 * The log line of a slow operation, as mongod's "Slow query" line: the command, its namespace, its duration,
 * what it examined and its plan; when it read a whole collection without an index, a hint naming the index
 * that would serve it. The filter is shown by its shape (values as `?`): log lines must not carry the data.
 */
export function slowOperationLine(command: Document, db: string, durationMs: number, stats: OperationStats): string {
  const parts = [
    `slow operation: ${operationName(command)} ${db}.${operationTarget(command)}`,
    `${Math.round(durationMs)} ms`,
    `docsExamined ${stats.docsExamined}`,
    `keysExamined ${stats.keysExamined}`,
  ];
  if (stats.accessPaths.length > 0) parts.push(`planSummary ${stats.accessPaths.map(planSummary).join('; ')}`);
  if (stats.firstQuery) {
    parts.push(`filter ${queryShape(stats.firstQuery.filter)}`);
    if (stats.firstQuery.sort) parts.push(`sort ${JSON.stringify(stats.firstQuery.sort)}`);
  }
  const scan = stats.widestCollectionScan;
  const line = parts.join(', ');
  return scan ? `${line}; hint: ${collectionScanHint(scan)}` : line;
}

/** The command's name; an explain is named with the command it explains (`explain find`). */
function operationName(command: Document): string {
  const name = Object.keys(command)[0] ?? '';
  const inner = command[name] as unknown;
  return name === 'explain' && isPlainObject(inner) ? `explain ${Object.keys(inner)[0] ?? ''}` : name;
}

/** The collection a command names (an explain's, that of the command it explains), else `$cmd`. */
function operationTarget(command: Document): string {
  const name = Object.keys(command)[0] ?? '';
  const value = command[name] as unknown;
  if (name === 'explain' && isPlainObject(value)) return operationTarget(value);
  return typeof value === 'string' ? value : '$cmd';
}

/** Why a whole-collection scan ran, and the index that would have served it. */
export function collectionScanHint(scan: QueryPlan): string {
  const head = `COLLSCAN of ${scan.collectionSize} documents`;
  if (scan.collated) return `${head}: a query with a collation reads every document here (indexes hold binary order)`;
  const key = suggestedIndex(scan);
  if (!key) return `${head}: the filter names no field an index could serve (an index serves equality, $in and ranges on plain values, and a sort)`;
  const fields = Object.entries(key).map(([field, direction]) => `${field}: ${direction}`);
  return `${head}: an index on {${fields.join(', ')}} would serve this ${Object.keys(scan.filter).length > 0 ? 'filter' : 'sort'}`;
}

/**
 * The index a plan's filter and sort call for, in MongoDB's equality, sort, range order; undefined when no
 * part of them can use one.
 */
export function suggestedIndex(plan: QueryPlan): Record<string, 1 | -1> | undefined {
  const conditions = indexConditions(plan.filter).filter((cond) => cond.path !== '_id');
  const key: Record<string, 1 | -1> = {};
  for (const cond of conditions) if (cond.kind === 'equal') key[cond.path] ??= 1;
  for (const [field, direction] of Object.entries(plan.sort ?? {})) {
    if (field !== '_id' && (direction === 1 || direction === -1)) key[field] ??= direction;
  }
  for (const cond of conditions) if (cond.kind === 'range') key[cond.path] ??= 1;
  return Object.keys(key).length > 0 ? key : undefined;
}

/** A filter with its values replaced by `?`: which fields and operators, not what was looked for. */
export function queryShape(filter: Document): string {
  return JSON.stringify(shapeOf(filter));
}

function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.every(isPlainObject) ? value.map(shapeOf) : '?';
  if (!isPlainObject(value)) return '?';
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shapeOf(inner)]));
}

/** mongod's `planSummary`: the stage that reads, with the key pattern of an index. */
export function planSummary(access: AccessPath): string {
  switch (access.kind) {
    case 'eof':
      return 'EOF';
    case 'collscan':
      return 'COLLSCAN';
    case 'idhack':
      return 'IDHACK';
    case 'ixscan':
      return `IXSCAN ${keyPatternText(access.index.key)}`;
    case 'or':
      return access.branches.map(planSummary).join(', ');
  }
}

function keyPatternText(key: Record<string, number | string>): string {
  return `{ ${Object.entries(key)
    .map(([field, direction]) => `${field}: ${typeof direction === 'string' ? JSON.stringify(direction) : direction}`)
    .join(', ')} }`;
}
