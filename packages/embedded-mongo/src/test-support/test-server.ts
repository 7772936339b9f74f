import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedMongo } from '../server/embedded-server.js';

export interface TestTarget {
  /** Base URI without a database name. */
  uri: string;
  /** True when the tests run against a real MongoDB (`MONGO_URL`). */
  real: boolean;
  stop(): Promise<void>;
}

/** The server a conformance test talks to: `MONGO_URL` when set, else a fresh in-memory embedded server. */
export async function startTestTarget(): Promise<TestTarget> {
  const external = process.env.MONGO_URL;
  if (external) return { uri: external, real: true, stop: async () => undefined };
  const server = await startEmbeddedMongo({ log: () => undefined, enableTestCommands: true });
  return { uri: server.uri, real: false, stop: () => server.stop() };
}

export function uniqueDbName(prefix: string): string {
  return `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
}

export async function makeTempDir(prefix: string): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), `${prefix}-`));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}
