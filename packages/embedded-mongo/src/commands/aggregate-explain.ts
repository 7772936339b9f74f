import type { Document } from 'bson';
import { notImplemented } from '../errors.js';
import { commandQueryOptions } from '../query/collation.js';
import { explainSections, parseVerbosity } from '../query/explain-output.js';
import { runQuery } from '../query/find-documents.js';
import type { CommandContext } from './command-context.js';
import { leadingQuery } from './leading-query.js';
import { SERVER_VERSION } from './server-commands.js';

/**
 * `aggregate` with `explain` (`explain: true`, or the verbosity the `explain` command hands on): the plan of
 * the leading `$match`/`$sort`/`$skip`/`$limit`, which run as one query with the indexes. As in mongod, a
 * pipeline that is only that answers the query's sections at the top; any other lists its stages after a
 * `$cursor` stage holding them. Nothing is written: a `$out`/`$merge` is listed, not run.
 */
export function explainAggregate(command: Document, context: CommandContext): Document {
  const verbosity = parseVerbosity(command.explain);
  const target = command.aggregate as unknown;
  if (typeof target !== 'string') throw notImplemented('explain of an aggregate without a collection');
  const { query, rest } = leadingQuery(command.pipeline as Document[]);
  const namespace = `${context.db}.${target}`;
  const started = performance.now();
  const run = runQuery(context.storage.collection(context.db, target), { ...query, hint: command.hint, ...commandQueryOptions(command) });
  const sections = explainSections(run, namespace, verbosity, performance.now() - started, run.docs.length);
  const { explain: _explain, ...asked } = command;
  const reply: Document = rest.length === 0 ? { explainVersion: '1', ...sections } : { explainVersion: '1', stages: [{ $cursor: sections }, ...rest] };
  return { ...reply, command: { ...asked, $db: context.db }, serverInfo: { host: 'embedded-mongo', port: 0, version: SERVER_VERSION, gitVersion: 'embedded-mongo' }, ok: 1 };
}
