import type { Document } from 'bson';
import { randomBytes } from 'node:crypto';
import { bsonSize } from '../wire/bson-codec.js';

/** A batch must fit in one reply document, whose limit is 16 MB. */
const MAX_BATCH_BYTES = 16 * 1024 * 1024 - 64 * 1024;
const IDLE_TIMEOUT_MS = 10 * 60 * 1000;

interface OpenCursor {
  ns: string;
  docs: Document[];
  position: number;
  lastUsed: number;
}

export interface Batch {
  docs: Document[];
  /** 0n once the results are exhausted. */
  cursorId: bigint;
}

/** Results not yet returned, kept until getMore drains them, killCursors, or ten idle minutes. */
export class CursorStore {
  private readonly open = new Map<bigint, OpenCursor>();

  /** Takes the first batch; keeps the rest under a new cursor id when anything remains. */
  first(ns: string, docs: Document[], batchSize: number | undefined): Batch {
    const cursor: OpenCursor = { ns, docs, position: 0, lastUsed: Date.now() };
    const batch = takeBatch(cursor, batchSize);
    if (cursor.position >= docs.length) return { docs: batch, cursorId: 0n };
    this.sweep();
    const id = randomBytes(8).readBigInt64LE() & 0x7fff_ffff_ffff_ffffn || 1n;
    this.open.set(id, cursor);
    return { docs: batch, cursorId: id };
  }

  next(id: bigint, ns: string, batchSize: number | undefined): Batch | undefined {
    const cursor = this.open.get(id);
    if (!cursor || cursor.ns !== ns) return undefined;
    cursor.lastUsed = Date.now();
    const docs = takeBatch(cursor, batchSize);
    if (cursor.position >= cursor.docs.length) {
      this.open.delete(id);
      return { docs, cursorId: 0n };
    }
    return { docs, cursorId: id };
  }

  kill(id: bigint): boolean {
    return this.open.delete(id);
  }

  private sweep(): void {
    const cutoff = Date.now() - IDLE_TIMEOUT_MS;
    for (const [id, cursor] of this.open) if (cursor.lastUsed < cutoff) this.open.delete(id);
  }
}

function takeBatch(cursor: OpenCursor, batchSize: number | undefined): Document[] {
  const limit = batchSize === undefined || batchSize < 0 ? Number.POSITIVE_INFINITY : batchSize;
  const out: Document[] = [];
  let bytes = 0;
  while (cursor.position < cursor.docs.length && out.length < limit) {
    const doc = cursor.docs[cursor.position] as Document;
    bytes += bsonSize(doc);
    if (out.length > 0 && bytes > MAX_BATCH_BYTES) break;
    out.push(doc);
    cursor.position += 1;
  }
  return out;
}
