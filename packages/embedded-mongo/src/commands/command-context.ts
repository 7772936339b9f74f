import { type Document, Double } from 'bson';
import { MongoCommandError } from '../errors.js';
import type { CursorStore } from '../server/cursor-store.js';
import type { SessionCache } from '../server/session-cache.js';
import type { StorageEngine } from '../storage/storage-engine.js';

/** What a command handler sees: the storage, the open cursors and the database it runs in. */
export interface CommandContext {
  storage: StorageEngine;
  cursors: CursorStore;
  db: string;
  connectionId: number;
  /** The time budget of a command that names no `maxTimeMS`. */
  defaultMaxTimeMS: number;
  /** The logical sessions clients have used, for $listLocalSessions and endSessions. */
  sessions: SessionCache;
}

export type CommandHandler = (command: Document, context: CommandContext) => Document;

export function collectionName(command: Document, name: string): string {
  const value = command[name] as unknown;
  if (typeof value !== 'string' || value === '') {
    throw new MongoCommandError(73, 'InvalidNamespace', `collection name for '${name}' must be a non-empty string`);
  }
  return value;
}

export function optionalNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Double) return value.value;
  return undefined;
}
