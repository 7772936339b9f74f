import type { Document } from 'bson';
import { commandQueryOptions } from '../query/collation.js';
import { matchDocuments } from '../query/find-documents.js';
import { type CommandHandler, collectionName, optionalNumber } from './command-context.js';
import { withWriteErrors, writeError } from './write-errors.js';

interface DeleteStatement {
  q?: Document;
  limit?: number;
  collation?: Document;
  hint?: unknown;
}

export const deleteCommand: CommandHandler = (command, context) => {
  const name = collectionName(command, 'delete');
  const statements = (command.deletes as DeleteStatement[] | undefined) ?? [];
  const ordered = command.ordered !== false;
  const collection = context.storage.collection(context.db, name);
  const errors: Document[] = [];
  let n = 0;
  for (const [index, statement] of statements.entries()) {
    try {
      const limit = optionalNumber(statement.limit) === 1 ? 1 : undefined;
      const targets = matchDocuments(collection, { filter: statement.q ?? {}, limit, hint: statement.hint, ...commandQueryOptions(command, statement.collation) });
      for (const doc of targets) if (collection) context.storage.remove(collection, doc);
      n += targets.length;
    } catch (error) {
      errors.push(writeError(index, error));
      if (ordered) break;
    }
  }
  return withWriteErrors({ n, ok: 1 }, errors);
};
