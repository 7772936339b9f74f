import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError } from '../errors.js';
import { applyUpdate, buildUpsert, updateKind } from '../query/apply-update.js';
import { type QueryOptions, commandQueryOptions } from '../query/collation.js';
import { matchDocuments } from '../query/find-documents.js';
import { encodeDocument } from '../wire/bson-codec.js';
import { type CommandContext, type CommandHandler, collectionName } from './command-context.js';
import { validateWrite } from './document-validation.js';
import { withWriteErrors, writeError } from './write-errors.js';

interface UpdateStatement {
  q?: Document;
  u: Document | Document[];
  upsert?: boolean;
  multi?: boolean;
  arrayFilters?: Document[];
  sort?: Document;
  collation?: Document;
  hint?: unknown;
}

interface StatementResult {
  n: number;
  nModified: number;
  upsertedId?: unknown;
}

function sameBytes(a: Document, b: Document): boolean {
  return Buffer.compare(Buffer.from(encodeDocument(a)), Buffer.from(encodeDocument(b))) === 0;
}

function runUpdate(context: CommandContext, name: string, statement: UpdateStatement, queryOptions: QueryOptions, bypass: unknown): StatementResult {
  const { storage } = context;
  const filter = statement.q ?? {};
  if (statement.multi && updateKind(statement.u) === 'replacement') throw new MongoCommandError(ErrorCodes.FailedToParse, 'FailedToParse', 'multi update is not supported for replacement-style update');
  const collection = storage.collection(context.db, name);
  const targets = matchDocuments(collection, { filter, limit: statement.multi ? undefined : 1, hint: statement.hint, ...queryOptions });
  if (!collection || targets.length === 0) {
    if (!statement.upsert) return { n: 0, nModified: 0 };
    const doc = buildUpsert(filter, statement.u, statement.arrayFilters, queryOptions);
    const target = storage.ensureCollection(context.db, name);
    validateWrite(target, undefined, doc, bypass);
    storage.insert(target, doc);
    return { n: 1, nModified: 0, upsertedId: doc._id };
  }
  let nModified = 0;
  for (const doc of targets) {
    const next = applyUpdate(doc, statement.u, { filter, arrayFilters: statement.arrayFilters ?? [], queryOptions });
    if (sameBytes(doc, next)) continue;
    validateWrite(collection, doc, next, bypass);
    storage.replace(collection, doc, next, updateKind(statement.u) === 'replacement' ? 'replace' : 'update');
    nModified += 1;
  }
  return { n: targets.length, nModified };
}

export const update: CommandHandler = (command, context) => {
  const name = collectionName(command, 'update');
  const statements = (command.updates as UpdateStatement[] | undefined) ?? [];
  // An update statement's sort came with MongoDB 8.0; this server answers as the 7.0 it reports, refusing the
  // whole command while parsing it as 7.0 does (so code written against it does not break on a real 7.0).
  if (statements.some((statement) => statement.sort !== undefined)) throw new MongoCommandError(40415, 'Location40415', "BSON field 'update.updates.sort' is an unknown field.");
  const ordered = command.ordered !== false;
  const errors: Document[] = [];
  const upserted: Document[] = [];
  let n = 0;
  let nModified = 0;
  for (const [index, statement] of statements.entries()) {
    try {
      const result = runUpdate(context, name, statement, commandQueryOptions(command, statement.collation), command.bypassDocumentValidation);
      n += result.n;
      nModified += result.nModified;
      if (result.upsertedId !== undefined) upserted.push({ index, _id: result.upsertedId });
    } catch (error) {
      errors.push(writeError(index, error));
      if (ordered) break;
    }
  }
  const reply: Document = { n, nModified, ok: 1 };
  if (upserted.length > 0) reply.upserted = upserted;
  return withWriteErrors(reply, errors);
};
