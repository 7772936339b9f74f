import { parsingError } from '../errors.js';
import type { BulkAction } from '../engine.js';

const ACTIONS = new Set(['index', 'create', 'update', 'delete']);

/** Parses an `_bulk` body (NDJSON: an action line, then a source line except for delete). */
export function readBulk(body: string, defaultIndex: string | undefined): BulkAction[] {
  const lines = body.split('\n').filter((line) => line.trim() !== '');
  const actions: BulkAction[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const header = parseLine(lines[i] as string, i);
    const keys = Object.keys(header);
    const action = keys[0] as string;
    if (keys.length !== 1 || !ACTIONS.has(action)) throw parsingError(`Malformed action/metadata line [${i + 1}], expected one of index, create, update, delete`);
    const meta = header[action] as { _index?: unknown; _id?: unknown } | null;
    const index = typeof meta?._index === 'string' ? meta._index : defaultIndex;
    if (!index) throw parsingError(`action line [${i + 1}] names no _index`);
    const id = meta?._id;
    if (typeof id !== 'string' && typeof id !== 'number') throw parsingError(`action line [${i + 1}] needs an _id (generated ids are not supported)`);
    if (action === 'delete') {
      actions.push({ action, index, id: String(id) });
      continue;
    }
    i += 1;
    if (i >= lines.length) throw parsingError(`action line [${i}] has no source line after it`);
    const source = parseLine(lines[i] as string, i);
    const doc = action === 'update' ? (source.doc as Record<string, unknown> | undefined) : source;
    if (typeof doc !== 'object' || doc === null) throw parsingError(`line [${i + 1}]: the source must be an object${action === 'update' ? ' under "doc"' : ''}`);
    actions.push({ action: action as BulkAction['action'], index, id: String(id), source: doc });
  }
  return actions;
}

function parseLine(line: string, i: number): Record<string, unknown> {
  try {
    const value = JSON.parse(line) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
    return value as Record<string, unknown>;
  } catch {
    throw parsingError(`line [${i + 1}] of the bulk body is not a JSON object`);
  }
}
