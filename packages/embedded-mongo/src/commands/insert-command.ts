import { type Document, ObjectId } from 'bson';
import { type CommandHandler, collectionName } from './command-context.js';
import { withWriteErrors, writeError } from './write-errors.js';

/** MongoDB stores `_id` first and generates an ObjectId when the client sent none. */
function withIdFirst(doc: Document): Document {
  if (doc._id === undefined) return { _id: new ObjectId(), ...doc };
  return Object.keys(doc)[0] === '_id' ? doc : { _id: doc._id, ...doc };
}

export const insert: CommandHandler = (command, context) => {
  const name = collectionName(command, 'insert');
  const documents = (command.documents as Document[] | undefined) ?? [];
  const ordered = command.ordered !== false;
  const collection = context.storage.ensureCollection(context.db, name);
  const errors: Document[] = [];
  let n = 0;
  for (const [index, raw] of documents.entries()) {
    try {
      context.storage.insert(collection, withIdFirst(raw));
      n += 1;
    } catch (error) {
      errors.push(writeError(index, error));
      if (ordered) break;
    }
  }
  return withWriteErrors({ n, ok: 1 }, errors);
};
