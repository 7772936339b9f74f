import { createServer, type Server, type Socket } from 'node:net';
import { generatedUser, USERS_DATABASE, UserDirectory, type EmbeddedMongoUser } from '../auth/users.js';
import { stopRegexWorker } from '../query/regex-worker.js';
import { StorageEngine } from '../storage/storage-engine.js';
import { serveConnection } from './connection.js';
import { SessionCache } from './session-cache.js';
import { FailPoints } from './fail-points.js';
import { FairTurns } from './fair-turns.js';
import { CursorStore } from './cursor-store.js';
import { IncomingBudget } from './incoming-budget.js';
import { DEFAULT_SLOW_MS } from './slow-operation-log.js';
import { startTtlMonitor } from './ttl-monitor.js';

export interface EmbeddedMongoOptions {
  /** Directory for durable data; omitted means in memory only. */
  dbPath?: string;
  /** TCP port; 0 or omitted picks a free one. */
  port?: number;
  host?: string;
  /** Where log lines go (default: stderr). */
  log?: (line: string) => void;
  /** Journal size that triggers compaction into a snapshot (default 16 MB). */
  compactAfterBytes?: number;
  /** How often expired documents of TTL indexes are deleted (default 60 s, as mongod). */
  ttlIntervalMs?: number;
  /** The time budget of a command that names no `maxTimeMS` (default 10 s): past it the command answers error 50. */
  defaultMaxTimeMS?: number;
  /** Cap on bytes of incomplete incoming messages across all connections (default 64 MB, at least one whole message). */
  maxIncomingBytes?: number;
  /**
   * The user every client must authenticate as (SCRAM-SHA-256, defined in `admin`, allowed everything).
   * Omitted: a random one, whose credentials only `uri` carries.
   */
  user?: EmbeddedMongoUser;
  /**
   * An operation that holds the server's thread longer than this many milliseconds is logged, with what it
   * examined and, after a whole-collection scan, the index that would serve it (default 100, mongod's slowms).
   */
  slowMs?: number;
  /** Offers mongod's test hook `configureFailPoint` (failCommand), as mongod's enableTestCommands does; for tests only. */
  enableTestCommands?: boolean;
}

export interface EmbeddedMongo {
  /** A `mongodb://` URI for the driver or mongoose, with the user's credentials and `authSource=admin`. */
  uri: string;
  /** The name clients authenticate with (the password is the one given, or only in `uri` when generated). */
  username: string;
  port: number;
  host: string;
  /** Closes every connection, flushes the journal and releases the data directory. */
  stop(): Promise<void>;
}

/** No command holds the server's thread longer than this unless it asks for more with `maxTimeMS`. */
const DEFAULT_MAX_TIME_MS = 10_000;
const DEFAULT_MAX_INCOMING_BYTES = 64 * 1024 * 1024;

export async function startEmbeddedMongo(options: EmbeddedMongoOptions = {}): Promise<EmbeddedMongo> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? ((line: string) => process.stderr.write(`[embedded-mongo] ${line}\n`));
  const storage = await StorageEngine.open(options.dbPath, { log, compactAfterBytes: options.compactAfterBytes });
  const cursors = new CursorStore();
  const stopTtl = startTtlMonitor(storage, options.ttlIntervalMs ?? 60_000, log);
  const sockets = new Set<Socket>();
  const incoming = new IncomingBudget(options.maxIncomingBytes ?? DEFAULT_MAX_INCOMING_BYTES);
  const turns = new FairTurns();
  const sessions = new SessionCache();
  const failPoints = options.enableTestCommands ? new FailPoints() : undefined;
  const user = options.user ?? generatedUser();
  const users = new UserDirectory([user]);
  let connectionIds = 0;
  let requestIds = 0;
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    connectionIds += 1;
    serveConnection(socket, connectionIds, {
      storage,
      cursors,
      log,
      nextRequestId: () => (requestIds = (requestIds + 1) | 0),
      defaultMaxTimeMS: options.defaultMaxTimeMS ?? DEFAULT_MAX_TIME_MS,
      incoming,
      turns,
      users,
      sessions,
      failPoints,
      slowMs: options.slowMs ?? DEFAULT_SLOW_MS,
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    stopTtl();
    await storage.close();
    throw error;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  const uriHost = host.includes(':') ? `[${host}]` : host;
  let stopping: Promise<void> | undefined;
  return {
    uri: `mongodb://${encodeURIComponent(user.username)}:${encodeURIComponent(user.password)}@${uriHost}:${port}/?authSource=${USERS_DATABASE}`,
    username: user.username,
    port,
    host,
    stop: () => {
      stopping ??= (async () => {
        stopTtl();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const socket of sockets) socket.destroy();
        await closed;
        await stopRegexWorker();
        await storage.close();
      })();
      return stopping;
    },
  };
}
