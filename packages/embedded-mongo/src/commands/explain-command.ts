import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError } from '../errors.js';
import { commandQueryOptions } from '../query/collation.js';
import { type ExplainVerbosity, type OuterStage, explainSections, parseVerbosity } from '../query/explain-output.js';
import { type FindOptions, runQuery } from '../query/find-documents.js';
import { isPlainObject } from '../query/path-values.js';
import { aggregate } from './aggregate-command.js';
import { type CommandContext, type CommandHandler, collectionName, optionalNumber } from './command-context.js';
import { countCommandOptions, findCommandOptions } from './find-commands.js';
import { SERVER_VERSION } from './server-commands.js';

/** What explaining one kind of command needs: its collection, the query it runs, and how its answer counts. */
interface ExplainedQuery {
  collection: string;
  options: FindOptions;
  /** The stage mongod puts above the query's plan for this command. */
  outer?: OuterStage;
  /** Whether the command returns the documents it matches (a write returns none). */
  returnsDocuments: boolean;
  /** A count of the whole collection, answered from its size without reading a document. */
  fastCount?: boolean;
}

function writeStatement(command: Document, field: 'updates' | 'deletes'): Document {
  const statements = command[field] as unknown;
  if (!Array.isArray(statements) || statements.length !== 1 || !isPlainObject(statements[0])) {
    throw new MongoCommandError(ErrorCodes.InvalidLength, 'InvalidLength', 'explained write batches must be of size 1');
  }
  return statements[0];
}

/** The query each explainable command runs, read from the command as the command itself reads it. */
function explainedQuery(name: string, command: Document): ExplainedQuery {
  switch (name) {
    case 'find':
      return { collection: collectionName(command, 'find'), options: findCommandOptions(command), returnsDocuments: true };
    case 'count': {
      const options = countCommandOptions(command);
      return { collection: collectionName(command, 'count'), options: options ?? {}, outer: { stage: 'COUNT' }, returnsDocuments: false, fastCount: options === undefined };
    }
    case 'distinct':
      return { collection: collectionName(command, 'distinct'), options: { filter: command.query as Document | undefined, hint: command.hint, ...commandQueryOptions(command) }, returnsDocuments: true };
    case 'delete': {
      const statement = writeStatement(command, 'deletes');
      const limit = optionalNumber(statement.limit) === 1 ? 1 : undefined;
      const options = { filter: (statement.q as Document | undefined) ?? {}, limit, hint: statement.hint, ...commandQueryOptions(command, statement.collation as Document | undefined) };
      return { collection: collectionName(command, 'delete'), options, outer: { stage: 'DELETE' }, returnsDocuments: false };
    }
    case 'update': {
      const statement = writeStatement(command, 'updates');
      const options = { filter: (statement.q as Document | undefined) ?? {}, limit: statement.multi === true ? undefined : 1, hint: statement.hint, ...commandQueryOptions(command, statement.collation as Document | undefined) };
      return { collection: collectionName(command, 'update'), options, outer: { stage: 'UPDATE' }, returnsDocuments: false };
    }
    case 'findAndModify':
    case 'findandmodify': {
      const options = { filter: (command.query as Document | undefined) ?? {}, sort: command.sort as Document | undefined, limit: 1, hint: command.hint, ...commandQueryOptions(command) };
      return { collection: collectionName(command, name), options, outer: { stage: command.remove === true ? 'DELETE' : 'UPDATE' }, returnsDocuments: false };
    }
    default:
      throw new MongoCommandError(ErrorCodes.CommandNotFound, 'CommandNotFound', `Explain failed due to unknown command: ${name}`);
  }
}

/**
 * `explain`: the plan the command's query runs (the planner's own choice, reported as it ran) and, past
 * `queryPlanner` verbosity, what running it examined. A write is planned and its matches counted, never
 * performed; a count of the whole collection reads nothing (mongod's RECORD_STORE_FAST_COUNT).
 */
export const explain: CommandHandler = (command, context) => {
  const inner = command.explain as unknown;
  if (!isPlainObject(inner)) throw new MongoCommandError(ErrorCodes.TypeMismatch, 'TypeMismatch', 'explain command requires a nested object');
  const verbosity = parseVerbosity(command.verbosity);
  const name = Object.keys(inner)[0] ?? '';
  if (name === 'aggregate') return aggregate({ ...inner, explain: verbosity }, context);
  const explained = explainedQuery(name, inner);
  const namespace = `${context.db}.${explained.collection}`;
  const reply: Document = { explainVersion: '1', ...sections(explained, namespace, verbosity, context) };
  return { ...reply, command: { ...inner, $db: context.db }, serverInfo: { host: 'embedded-mongo', port: 0, version: SERVER_VERSION, gitVersion: 'embedded-mongo' }, ok: 1 };
};

function sections(explained: ExplainedQuery, namespace: string, verbosity: ExplainVerbosity, context: CommandContext): Document {
  const collection = context.storage.collection(context.db, explained.collection);
  if (explained.fastCount) return fastCountSections(namespace, verbosity);
  const started = performance.now();
  const run = runQuery(collection, explained.options);
  const returned = explained.returnsDocuments ? run.docs.length : 0;
  return explainSections(run, namespace, verbosity, performance.now() - started, returned, explained.outer);
}

function fastCountSections(namespace: string, verbosity: ExplainVerbosity): Document {
  const winningPlan = { stage: 'RECORD_STORE_FAST_COUNT' };
  const out: Document = { queryPlanner: { namespace, indexFilterSet: false, parsedQuery: {}, winningPlan, rejectedPlans: [] } };
  if (verbosity !== 'queryPlanner') {
    out.executionStats = { executionSuccess: true, nReturned: 0, executionTimeMillis: 0, totalKeysExamined: 0, totalDocsExamined: 0, executionStages: { ...winningPlan, nReturned: 0 }, allPlansExecution: [] };
  }
  return out;
}
