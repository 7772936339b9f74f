import type { Document } from 'bson';
import type { Socket } from 'node:net';
import { ConnectionAuthentication, unauthorized } from '../auth/connection-authentication.js';
import type { UserDirectory } from '../auth/users.js';
import type { CommandContext } from '../commands/command-context.js';
import { changeStreamWait } from '../changes/change-stream-commands.js';
import { WRITE_COMMANDS } from '../commands/command-table.js';
import { commandName, dispatch, errorReply } from '../commands/dispatch.js';
import { MongoCommandError } from '../errors.js';
import { prepareRegexes } from '../query/regex-prepass.js';
import { withOperationStats } from '../query/operation-stats.js';
import { commandBudgetMs } from '../query/time-budget.js';
import type { StorageEngine } from '../storage/storage-engine.js';
import { MessageFramer, ProtocolError } from '../wire/message-framer.js';
import { OpCode, readHeader } from '../wire/message-header.js';
import { encodeOpMsg, parseOpMsg } from '../wire/op-msg.js';
import { encodeOpReply, parseOpQuery } from '../wire/op-query.js';
import type { CursorStore } from './cursor-store.js';
import type { FairTurns } from './fair-turns.js';
import type { IncomingBudget } from './incoming-budget.js';
import type { SessionCache } from './session-cache.js';
import type { FailPoints } from './fail-points.js';
import { slowOperationLine } from './slow-operation-log.js';

export interface ConnectionDeps {
  storage: StorageEngine;
  cursors: CursorStore;
  log: (line: string) => void;
  nextRequestId: () => number;
  defaultMaxTimeMS: number;
  incoming: IncomingBudget;
  turns: FairTurns;
  users: UserDirectory;
  sessions: SessionCache;
  /** mongod's failCommand test hook, present only when the server was started with enableTestCommands. */
  failPoints?: FailPoints;
  /** An operation that holds the server's thread longer than this is logged, with what it examined (mongod's slowms). */
  slowMs: number;
}

const HANDSHAKES = new Set(['hello', 'ismaster', 'isMaster']);

/** The application name a driver sends in its handshake (`appName` in the connection string or options). */
function applicationName(command: Document): string | undefined {
  if (!HANDSHAKES.has(commandName(command))) return undefined;
  const client: unknown = command.client;
  if (typeof client !== 'object' || client === null) return undefined;
  const name: unknown = (client as { application?: { name?: unknown } }).application?.name;
  return typeof name === 'string' && name.length > 0 ? name : undefined;
}

/**
 * One client connection: frames messages, runs their commands in arrival order, each in its client's turn,
 * and answers each. A write's reply waits until the write is durable. A malformed message closes this
 * connection only.
 */
export function serveConnection(socket: Socket, connectionId: number, deps: ConnectionDeps): void {
  const framer = new MessageFramer();
  let queue: Promise<void> = Promise.resolve();
  /** Whose turns this connection's commands take: its application's, once the handshake names one. */
  let client = `connection ${connectionId}`;
  let appName: string | undefined;
  socket.setNoDelay(true);
  const authentication = new ConnectionAuthentication(deps.users, `${socket.remoteAddress ?? '?'}:${socket.remotePort ?? '?'}`, deps.log);

  const fail = (reason: unknown): void => {
    const message = reason instanceof Error ? reason.message : String(reason);
    deps.log(`connection ${connectionId} from ${socket.remoteAddress ?? '?'}:${socket.remotePort ?? '?'} closed: ${message}`);
    socket.destroy();
  };

  let counted = 0;
  /** Brings the shared count of partial-message bytes in step with this connection's framer. */
  const recount = (pending: number): boolean => {
    const withinCap = deps.incoming.adjust(pending - counted);
    counted = pending;
    return withinCap;
  };
  socket.on('close', () => recount(0));

  socket.on('data', (chunk: Buffer) => {
    if (socket.destroyed) return;
    let messages: Buffer[];
    try {
      messages = framer.push(chunk);
    } catch (error) {
      fail(error);
      return;
    }
    if (!recount(framer.pendingBytes)) {
      fail(new ProtocolError(`incomplete messages across connections exceed ${deps.incoming.limitBytes} bytes`));
      return;
    }
    for (const message of messages) {
      queue = queue
        .then(() => deps.turns.take(client))
        .then(() => handleMessage(message))
        .catch(fail);
    }
  });
  socket.on('error', () => socket.destroy());
  socket.on('end', () => {
    if (framer.pendingBytes > 0) deps.log(`connection ${connectionId} ended inside a message (${framer.pendingBytes} bytes of a truncated message dropped)`);
    socket.end();
  });

  async function handleMessage(message: Buffer): Promise<void> {
    if (socket.destroyed) return;
    const header = readHeader(message);
    if (header.opCode === OpCode.MSG) {
      const { command, moreToCome } = parseOpMsg(message);
      const reply = await run(command);
      if (!moreToCome) socket.write(encodeSafely((r) => encodeOpMsg(deps.nextRequestId(), header.requestId, r), reply));
    } else if (header.opCode === OpCode.QUERY) {
      const { collection, query } = parseOpQuery(message);
      const db = collection.endsWith('.$cmd') ? collection.slice(0, -'.$cmd'.length) : collection.split('.')[0] ?? 'admin';
      const reply = await run({ ...query, $db: db });
      socket.write(encodeSafely((r) => encodeOpReply(deps.nextRequestId(), header.requestId, r), reply));
    } else {
      throw new ProtocolError(`unsupported opCode ${header.opCode}`);
    }
  }

  /** A reply that cannot be encoded (too large for BSON) is answered as an error, not a dropped connection. */
  function encodeSafely(encode: (reply: Document) => Buffer, reply: Document): Buffer {
    try {
      return encode(reply);
    } catch (error) {
      return encode(errorReply(new MongoCommandError(10334, 'BSONObjectTooLarge', `reply could not be encoded: ${error instanceof Error ? error.message : String(error)}`)));
    }
  }

  async function run(command: Document): Promise<Document> {
    const application = applicationName(command);
    if (application) {
      client = `application ${application}`;
      appName = application;
    }
    const db = typeof command.$db === 'string' ? command.$db : 'admin';
    const name = commandName(command);
    if (!authentication.allows(name)) return errorReply(unauthorized(name));
    if (name === 'saslStart' || name === 'saslContinue') {
      try {
        return name === 'saslStart' ? authentication.saslStart(command, db) : authentication.saslContinue(command);
      } catch (error) {
        return errorReply(error);
      }
    }
    if (deps.failPoints) {
      if (name === 'configureFailPoint') {
        try {
          return deps.failPoints.configure(command);
        } catch (error) {
          return errorReply(error);
        }
      }
      const hit = deps.failPoints.hit(name, appName);
      if (hit && 'closeConnection' in hit) throw new Error(`closed by the failCommand fail point on ${name}`);
      if (hit) return hit.reply;
    }
    await changeStreamWait(command, deps.storage);
    if (command.lsid !== undefined && authentication.user) deps.sessions.touch(command.lsid, `${authentication.user.user}@${authentication.user.db}`);
    const context: CommandContext = { storage: deps.storage, cursors: deps.cursors, db, connectionId, defaultMaxTimeMS: deps.defaultMaxTimeMS, sessions: deps.sessions };
    const budget = commandBudgetMs(command, deps.defaultMaxTimeMS);
    const started = performance.now();
    const ahead = prepareRegexes(command, deps.storage, db, budget);
    if (ahead) {
      try {
        await ahead;
      } catch (error) {
        return errorReply(error);
      }
      // The regex work done ahead counts against the command's budget.
      command.maxTimeMS = Math.max(1, budget - (performance.now() - started));
    }
    const { result: reply, stats } = withOperationStats(() => dispatch(command, context));
    const duration = performance.now() - started;
    if (duration > deps.slowMs) deps.log(slowOperationLine(command, db, duration, stats));
    if (HANDSHAKES.has(name)) authentication.answerHandshake(command, reply);
    if (name === 'connectionStatus' && authentication.user) {
      reply.authInfo = { authenticatedUsers: [authentication.user], authenticatedUserRoles: [{ role: 'root', db: 'admin' }] };
    }
    if (WRITE_COMMANDS.has(name) && deps.storage.persistent) {
      try {
        await deps.storage.durable();
      } catch (error) {
        return errorReply(error);
      }
    }
    return reply;
  }
}
