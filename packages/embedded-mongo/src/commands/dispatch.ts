import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError } from '../errors.js';
import { toCommandError } from '../query/mingo-errors.js';
import { commandBudgetMs, withTimeBudget } from '../query/time-budget.js';
import type { CommandContext } from './command-context.js';
import { COMMANDS } from './command-table.js';

/** Options and metadata the driver attaches to any command; their presence is not the command. */
const TRANSACTION_FIELDS = ['txnNumber', 'autocommit', 'startTransaction'];

export function commandName(command: Document): string {
  return Object.keys(command)[0] ?? '';
}

/** Runs one command and answers in MongoDB's reply shape, turning any failure into `ok: 0`. */
export function dispatch(command: Document, context: CommandContext): Document {
  const name = commandName(command);
  try {
    const handler = COMMANDS[name];
    if (!handler) throw new MongoCommandError(ErrorCodes.CommandNotFound, 'CommandNotFound', `no such command: '${name}'`);
    if (TRANSACTION_FIELDS.some((field) => field in command) && command.autocommit === false) {
      throw new MongoCommandError(ErrorCodes.IllegalOperation, 'IllegalOperation', 'Transaction numbers are only allowed on a replica set member or mongos');
    }
    return withTimeBudget(commandBudgetMs(command, context.defaultMaxTimeMS), () => handler(command, context));
  } catch (error) {
    return errorReply(error);
  }
}

export function errorReply(error: unknown): Document {
  const shaped = error instanceof MongoCommandError ? error : toCommandError(error);
  return { ok: 0, errmsg: shaped.message, code: shaped.code, codeName: shaped.codeName, ...shaped.extra };
}
