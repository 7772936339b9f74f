import { type Document, ObjectId } from 'bson';
import { MongoCommandError } from '../errors.js';
import { isPlainObject } from '../query/path-values.js';
import { bsonSize } from '../wire/bson-codec.js';
import { type CommandHandler, collectionName } from './command-context.js';
import { validateWrite } from './document-validation.js';

const MAX_DOCUMENT_BYTES = 16 * 1024 * 1024;
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
      const doc = withIdFirst(raw);
      if (Array.isArray(doc._id) || doc._id instanceof RegExp) {
        throw new MongoCommandError(53, 'InvalidIdField', `The '_id' value cannot be of type ${Array.isArray(doc._id) ? 'array' : 'regex'}`);
      }
      const dollar = isPlainObject(doc._id) ? Object.keys(doc._id).find((key) => key.startsWith('$')) : undefined;
      if (dollar) throw new MongoCommandError(52, 'DollarPrefixedFieldName', `_id fields may not contain '$'-prefixed fields: ${dollar} is not valid for storage.`);
      const size = bsonSize(doc);
      if (size > MAX_DOCUMENT_BYTES) throw new MongoCommandError(10334, 'BSONObjectTooLarge', `object to insert too large. size in bytes: ${size}, max size: ${MAX_DOCUMENT_BYTES}`);
      validateWrite(collection, undefined, doc, command.bypassDocumentValidation);
      context.storage.insert(collection, doc);
      n += 1;
    } catch (error) {
      errors.push(writeError(index, error));
      if (ordered) break;
    }
  }
  return withWriteErrors({ n, ok: 1 }, errors);
};
