import { withChangeStreamAggregate, withChangeStreamGetMore, withChangeStreamKillCursors } from '../changes/change-stream-commands.js';
import { aggregate } from './aggregate-command.js';
import { collMod, collStats, create, dbStats, drop, dropDatabase, listCollections, listDatabases, renameCollection } from './collection-commands.js';
import type { CommandHandler } from './command-context.js';
import { deleteCommand } from './delete-command.js';
import { explain } from './explain-command.js';
import { count, distinct, find, getMore, killCursors } from './find-commands.js';
import { findAndModify } from './find-and-modify-command.js';
import { createIndexes, dropIndexes, listIndexes } from './index-commands.js';
import { insert } from './insert-command.js';
import {
  buildInfo, connectionStatus, endSessions, getCmdLineOpts, getLog, getParameter, hello, hostInfo, ping, serverStatus, whatsmyuri,
} from './server-commands.js';
import { update } from './update-command.js';

/** Every command the server answers, by the (case-sensitive) name MongoDB gives it. */
export const COMMANDS: Record<string, CommandHandler> = {
  hello,
  isMaster: hello,
  ismaster: hello,
  ping,
  buildInfo,
  buildinfo: buildInfo,
  getParameter,
  serverStatus,
  hostInfo,
  whatsmyuri,
  getCmdLineOpts,
  connectionStatus,
  getLog,
  endSessions,
  killAllSessions: endSessions,
  explain,
  listDatabases,
  listCollections,
  create,
  drop,
  dropDatabase,
  renameCollection,
  collStats,
  collMod,
  dbStats,
  insert,
  find,
  getMore: withChangeStreamGetMore(getMore),
  killCursors: withChangeStreamKillCursors(killCursors),
  update,
  delete: deleteCommand,
  findAndModify,
  findandmodify: findAndModify,
  count,
  distinct,
  aggregate: withChangeStreamAggregate(aggregate),
  createIndexes,
  listIndexes,
  dropIndexes,
  deleteIndexes: dropIndexes,
};

/** Commands that change data: their reply waits until the change is durable. */
export const WRITE_COMMANDS = new Set([
  'insert', 'update', 'delete', 'findAndModify', 'findandmodify', 'create', 'collMod', 'drop', 'dropDatabase', 'createIndexes', 'dropIndexes', 'deleteIndexes',
]);
