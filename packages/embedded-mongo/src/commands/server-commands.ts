import type { Document } from 'bson';
import { MAX_MESSAGE_SIZE } from '../wire/message-header.js';
import type { CommandHandler } from './command-context.js';

/** The MongoDB release whose wire protocol we answer as (wire version 21 = MongoDB 7.0). */
export const SERVER_VERSION = '7.0.0';
const MAX_WIRE_VERSION = 21;

export const hello: CommandHandler = (command, context) => {
  const reply: Document = {
    isWritablePrimary: true,
    // No topologyVersion: it would switch the driver's monitor to streaming (exhaust) hello, which this
    // server does not speak; without it the driver polls with a plain hello, which it answers.
    maxBsonObjectSize: 16 * 1024 * 1024,
    maxMessageSizeBytes: MAX_MESSAGE_SIZE,
    maxWriteBatchSize: 100_000,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    connectionId: context.connectionId,
    minWireVersion: 0,
    maxWireVersion: MAX_WIRE_VERSION,
    readOnly: false,
    ok: 1,
  };
  // A legacy isMaster, or a hello answering one, also names the old field.
  if (!('hello' in command)) reply.ismaster = true;
  if (command.helloOk === true) reply.helloOk = true;
  return reply;
};

export const ping: CommandHandler = () => ({ ok: 1 });

export const buildInfo: CommandHandler = () => ({
  version: SERVER_VERSION,
  gitVersion: 'embedded-mongo',
  versionArray: [7, 0, 0, 0],
  bits: 64,
  debug: false,
  maxBsonObjectSize: 16 * 1024 * 1024,
  storageEngines: ['embedded'],
  modules: [],
  ok: 1,
});

export const getParameter: CommandHandler = (command) => {
  const reply: Document = { ok: 1 };
  const all = command.getParameter === '*';
  if (all || 'featureCompatibilityVersion' in command) reply.featureCompatibilityVersion = { version: '7.0' };
  if (all || 'authenticationMechanisms' in command) reply.authenticationMechanisms = ['SCRAM-SHA-256'];
  return reply;
};

export const endSessions: CommandHandler = (command, context) => {
  context.sessions.end(command.endSessions);
  return { ok: 1 };
};

export const whatsmyuri: CommandHandler = () => ({ you: '127.0.0.1:0', ok: 1 });

export const serverStatus: CommandHandler = () => ({
  host: 'embedded-mongo',
  version: SERVER_VERSION,
  process: 'embedded-mongo',
  pid: BigInt(process.pid),
  uptime: process.uptime(),
  localTime: new Date(),
  mem: { resident: Math.round(process.memoryUsage().rss / 1024 / 1024) },
  ok: 1,
});

export const hostInfo: CommandHandler = () => ({ system: { currentTime: new Date(), hostname: 'embedded-mongo' }, os: { type: process.platform }, ok: 1 });

export const getCmdLineOpts: CommandHandler = () => ({ argv: process.argv, parsed: {}, ok: 1 });

export const connectionStatus: CommandHandler = () => ({ authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] }, ok: 1 });

export const getLog: CommandHandler = () => ({ totalLinesWritten: 0, log: [], ok: 1 });
