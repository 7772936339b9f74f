import { mkdir, open, readdir, readFile, rename, rm, truncate, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Catalog } from './catalog.js';
import { Journal } from './journal.js';
import { applyRecord, dumpCatalog, type JournalRecord } from './journal-record.js';
import { frameRecord, readRecords } from './record-file.js';

const SNAPSHOT = /^snapshot-(\d+)\.bson$/;
const JOURNAL = /^journal-(\d+)\.log$/;
const LOCK_FILE = 'embedded-mongo.lock';
/** Records serialised per write while compacting; requests are served between slices. */
const SNAPSHOT_SLICE = 2000;

/** Directories open in this process (the lock file's pid cannot tell two of them apart). */
const openHere = new Set<string>();

const snapshotName = (gen: number): string => `snapshot-${String(gen).padStart(8, '0')}.bson`;
const journalName = (gen: number): string => `journal-${String(gen).padStart(8, '0')}.log`;

export interface DataDirectoryOptions {
  /** Compact once the journal passes this size and the last snapshot's size. Default 16 MB. */
  compactAfterBytes?: number;
  log?: (line: string) => void;
}

/**
 * The files under dbPath: generation g is `snapshot-g.bson` (the state at the start of the
 * generation) plus `journal-g.log` (every change since). Compaction writes the next snapshot
 * while new changes already go to the next journal; recovery loads the newest complete snapshot
 * and replays every journal from its generation on.
 */
export class DataDirectory {
  private journal!: Journal;
  private gen = 1;
  private retiring: Journal[] = [];
  private compacting: Promise<void> | undefined;
  private snapshotBytes = 0;
  private readonly compactAfterBytes: number;
  private readonly log: (line: string) => void;

  private constructor(
    readonly dir: string,
    private readonly catalog: Catalog,
    options: DataDirectoryOptions,
  ) {
    this.compactAfterBytes = options.compactAfterBytes ?? 16 * 1024 * 1024;
    this.log = options.log ?? (() => undefined);
  }

  static async open(dir: string, catalog: Catalog, options: DataDirectoryOptions = {}): Promise<DataDirectory> {
    const data = new DataDirectory(dir, catalog, options);
    await mkdir(dir, { recursive: true });
    await data.lock();
    try {
      await data.recover();
    } catch (error) {
      await data.unlock();
      throw error;
    }
    return data;
  }

  append(record: JournalRecord): void {
    this.journal.append(record);
    if (!this.compacting && this.journal.bytes > Math.max(this.compactAfterBytes, this.snapshotBytes)) {
      // A failed compaction loses nothing (the journals still hold every change); it is retried later.
      this.compacting = this.compact()
        .catch((error: unknown) => this.log(`compaction failed: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => {
          this.compacting = undefined;
        });
    }
  }

  /** Resolves once every record appended so far is fsynced, whichever journal it went to. */
  async durable(): Promise<void> {
    await Promise.all([...this.retiring, this.journal].map((journal) => journal.durable()));
  }

  async close(): Promise<void> {
    if (this.compacting) await this.compacting.catch(() => undefined);
    await this.journal.close();
    await this.unlock();
  }

  /**
   * Writes a snapshot of the current state and drops the journal it replaces. Stored documents are
   * never changed in place (an update stores a new object), so holding references to them is a
   * consistent picture of this moment; serialising it then proceeds in slices between requests.
   */
  async compact(): Promise<void> {
    const next = this.gen + 1;
    const nextJournal = await Journal.open(join(this.dir, journalName(next)));
    // From here to the switch nothing awaits: the snapshot is exactly the state before the next journal's first record.
    const records = [...dumpCatalog(this.catalog)];
    const previous = this.journal;
    const previousGen = this.gen;
    this.journal = nextJournal;
    this.gen = next;
    this.retiring.push(previous);
    try {
      await previous.close();
    } finally {
      this.retiring = this.retiring.filter((journal) => journal !== previous);
    }
    const tmp = join(this.dir, `${snapshotName(next)}.tmp`);
    const file = await open(tmp, 'w');
    let bytes = 0;
    try {
      for (let i = 0; i < records.length; i += SNAPSHOT_SLICE) {
        const slice = Buffer.concat(records.slice(i, i + SNAPSHOT_SLICE).map(frameRecord));
        bytes += slice.length;
        await file.write(slice);
      }
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(tmp, join(this.dir, snapshotName(next)));
    await this.syncDirectory();
    this.snapshotBytes = bytes;
    await rm(join(this.dir, snapshotName(previousGen)), { force: true });
    await rm(join(this.dir, journalName(previousGen)), { force: true });
    this.log(`compacted into ${snapshotName(next)} (${bytes} bytes)`);
  }

  private async recover(): Promise<void> {
    const names = await readdir(this.dir);
    for (const name of names) if (name.endsWith('.tmp')) await rm(join(this.dir, name), { force: true });
    const snapshots = gens(names, SNAPSHOT);
    const journals = gens(names, JOURNAL);
    const base = snapshots.at(-1) ?? 0;
    if (base > 0) {
      const data = await readFile(join(this.dir, snapshotName(base)));
      const { records } = readRecords(data);
      if (records.at(-1)?.op !== 'end') throw new Error(`${snapshotName(base)} is incomplete`);
      for (const record of records) applyRecord(this.catalog, record);
      this.snapshotBytes = data.length;
    }
    let replayed = 0;
    for (const gen of journals.filter((g) => g >= base)) {
      const path = join(this.dir, journalName(gen));
      const data = await readFile(path);
      const { records, validBytes } = readRecords(data);
      for (const record of records) applyRecord(this.catalog, record);
      replayed += records.length;
      if (validBytes < data.length) {
        this.log(`${journalName(gen)}: dropped a torn tail of ${data.length - validBytes} bytes (unacknowledged writes)`);
        await truncate(path, validBytes);
      }
    }
    this.gen = Math.max(base, journals.at(-1) ?? 0, 1);
    for (const gen of snapshots) if (gen < base) await rm(join(this.dir, snapshotName(gen)), { force: true });
    for (const gen of journals) if (gen < base) await rm(join(this.dir, journalName(gen)), { force: true });
    this.journal = await Journal.open(join(this.dir, journalName(this.gen)));
    if (replayed > 0) this.log(`recovered ${replayed} journal records from ${this.dir}`);
  }

  private async lock(): Promise<void> {
    if (openHere.has(resolve(this.dir))) throw new Error(`${this.dir} is in use by this process`);
    const path = join(this.dir, LOCK_FILE);
    try {
      const pid = Number((await readFile(path, 'utf8')).trim());
      if (pid && pid !== process.pid && isAlive(pid)) throw new Error(`${this.dir} is in use by process ${pid}`);
      // Each thread has its own openHere; a lock naming this process that this thread did not take is another
      // thread's (a closed directory has no lock file).
      if (pid === process.pid) throw new Error(`${this.dir} is in use by another thread of this process`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    await writeFile(path, String(process.pid));
    openHere.add(resolve(this.dir));
  }

  private async unlock(): Promise<void> {
    await rm(join(this.dir, LOCK_FILE), { force: true });
    openHere.delete(resolve(this.dir));
  }

  private async syncDirectory(): Promise<void> {
    const handle = await open(this.dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }
}

function gens(names: string[], pattern: RegExp): number[] {
  return names
    .map((name) => pattern.exec(name)?.[1])
    .filter((g): g is string => g !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
