import type { Document } from 'bson';
import { type FileHandle, open } from 'node:fs/promises';
import { frameRecord } from './record-file.js';

interface Waiter {
  target: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * An append-only journal with group commit: records appended while a write+fsync is in flight
 * go out together in the next one, and `durable()` resolves only after the fsync that covers
 * every record appended before the call. The server acknowledges a write only after that.
 */
export class Journal {
  private pending: Buffer[] = [];
  private appended = 0;
  private synced = 0;
  private flushing = false;
  private failure: Error | undefined;
  private waiters: Waiter[] = [];
  private idle: Array<() => void> = [];

  private constructor(
    readonly path: string,
    private readonly file: FileHandle,
    public bytes: number,
  ) {}

  static async open(path: string): Promise<Journal> {
    const file = await open(path, 'a');
    const { size } = await file.stat();
    return new Journal(path, file, size);
  }

  append(record: Document): void {
    if (this.failure) throw this.failure;
    const frame = frameRecord(record);
    this.pending.push(frame);
    this.bytes += frame.length;
    this.appended += 1;
  }

  /** Resolves once everything appended so far is on disk. */
  durable(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.synced >= this.appended) return Promise.resolve();
    const promise = new Promise<void>((resolve, reject) => this.waiters.push({ target: this.appended, resolve, reject }));
    void this.flush();
    return promise;
  }

  /** Waits for in-flight and pending writes, then closes the file. */
  async close(): Promise<void> {
    if (this.appended > this.synced && !this.failure) await this.durable().catch(() => undefined);
    if (this.flushing) await new Promise<void>((resolve) => this.idle.push(resolve));
    await this.file.close();
  }

  private async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.pending.length > 0) {
        const batch = Buffer.concat(this.pending);
        const upTo = this.appended;
        this.pending = [];
        await this.file.write(batch);
        await this.file.datasync();
        this.synced = upTo;
        this.waiters = this.waiters.filter((waiter) => {
          if (waiter.target > this.synced) return true;
          waiter.resolve();
          return false;
        });
      }
    } catch (error) {
      this.failure = error instanceof Error ? error : new Error(String(error));
      for (const waiter of this.waiters) waiter.reject(this.failure);
      this.waiters = [];
    } finally {
      this.flushing = false;
      for (const resolve of this.idle.splice(0)) resolve();
    }
  }
}
