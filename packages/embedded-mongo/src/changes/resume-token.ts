import type { Document } from 'bson';

/**
 * A resume token names one position in one change log: `_data` is the log's id (16 hex digits) followed by
 * the position (16 hex digits). Clients treat it as opaque, as they do MongoDB's.
 */
export function resumeToken(logId: string, seq: number): Document {
  return { _data: `${logId}${seq.toString(16).padStart(16, '0')}` };
}

/** The log id and position a token names, or undefined when it is not one of ours. */
export function readResumeToken(token: unknown): { logId: string; seq: number } | undefined {
  if (typeof token !== 'object' || token === null) return undefined;
  const data = (token as { _data?: unknown })._data;
  if (typeof data !== 'string' || !/^[0-9a-f]{32}$/.test(data)) return undefined;
  return { logId: data.slice(0, 16), seq: Number.parseInt(data.slice(16), 16) };
}
