import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Mappings } from '../indexes/mappings.js';
import type { Source } from '../indexes/search-index.js';

/** One change to the engine, as the journal keeps it (one JSON line each). */
export type JournalEntry =
  | { op: 'create'; index: string; mappings: Mappings }
  | { op: 'drop'; index: string }
  | { op: 'write'; items: Array<{ index: string; id: string; source?: Source }> };

export interface Snapshot {
  indexes: Array<{ name: string; mappings: Mappings; docs: Array<[string, Source]> }>;
}

const SNAPSHOT = 'snapshot.json';
const JOURNAL = 'journal.ndjson';

/**
 * The engine's data folder: a snapshot and a journal of the changes after it. A whole `_bulk` request is one
 * journal line written at once, so it is there entirely after a crash or not at all (a torn last line is
 * dropped when read back).
 */
export class EngineJournal {
  #fd: number;
  #bytes: number;

  private constructor(private readonly dir: string) {
    const path = join(dir, JOURNAL);
    this.#fd = openSync(path, 'a');
    this.#bytes = statSync(path).size;
  }

  static open(dir: string): { journal: EngineJournal; snapshot: Snapshot | undefined; entries: JournalEntry[] } {
    mkdirSync(dir, { recursive: true });
    const snapshotPath = join(dir, SNAPSHOT);
    const snapshot = existsSync(snapshotPath) ? (JSON.parse(readFileSync(snapshotPath, 'utf8')) as Snapshot) : undefined;
    const journalPath = join(dir, JOURNAL);
    const entries: JournalEntry[] = [];
    if (existsSync(journalPath)) {
      const lines = readFileSync(journalPath, 'utf8').split('\n');
      for (const line of lines) {
        if (line.trim() === '') continue;
        try {
          entries.push(JSON.parse(line) as JournalEntry);
        } catch {
          break; // a line cut short by a crash: the request it held never answered
        }
      }
    }
    return { journal: new EngineJournal(dir), snapshot, entries };
  }

  get bytes(): number {
    return this.#bytes;
  }

  append(entry: JournalEntry): void {
    const line = Buffer.from(`${JSON.stringify(entry)}\n`);
    writeSync(this.#fd, line);
    this.#bytes += line.length;
  }

  /** Writes the whole state as the new snapshot and starts an empty journal. */
  compact(snapshot: Snapshot): void {
    const tmp = join(this.dir, `${SNAPSHOT}.tmp`);
    writeFileSync(tmp, JSON.stringify(snapshot));
    const fd = openSync(tmp, 'r');
    fsyncSync(fd);
    closeSync(fd);
    renameSync(tmp, join(this.dir, SNAPSHOT));
    closeSync(this.#fd);
    writeFileSync(join(this.dir, JOURNAL), '');
    this.#fd = openSync(join(this.dir, JOURNAL), 'a');
    this.#bytes = 0;
  }

  close(): void {
    fsyncSync(this.#fd);
    closeSync(this.#fd);
  }
}
