import type { Document } from 'bson';
import { applyUpdate, buildUpsert, updateKind } from '../query/apply-update.js';
import { matchDocuments } from '../query/find-documents.js';
import { commandQueryOptions } from '../query/collation.js';
import { projectDocuments } from '../query/project-documents.js';
import { badValue } from '../errors.js';
import { type CommandHandler, collectionName } from './command-context.js';
import { validateWrite } from './document-validation.js';

export const findAndModify: CommandHandler = (command, context) => {
  const name = collectionName(command, 'findAndModify' in command ? 'findAndModify' : 'findandmodify');
  const filter = (command.query as Document | undefined) ?? {};
  const update = command.update as Document | Document[] | undefined;
  const remove = command.remove === true;
  if (remove === (update !== undefined)) throw badValue('Either an update or remove=true must be specified');
  const returnNew = command.new === true;
  const fields = command.fields as Document | undefined;
  const arrayFilters = (command.arrayFilters as Document[] | undefined) ?? [];
  const collection = context.storage.collection(context.db, name);
  const queryOptions = commandQueryOptions(command);
  const [target] = matchDocuments(collection, { filter, sort: command.sort as Document | undefined, limit: 1, hint: command.hint, ...queryOptions });
  const shape = (doc: Document | undefined): Document | null => (doc ? (projectDocuments([doc], fields, filter, queryOptions)[0] ?? null) : null);

  if (remove) {
    if (target && collection) context.storage.remove(collection, target);
    return { lastErrorObject: { n: target ? 1 : 0 }, value: shape(target), ok: 1 };
  }
  if (!target) {
    if (command.upsert !== true || update === undefined) return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
    const doc = buildUpsert(filter, update, arrayFilters, queryOptions);
    const created = context.storage.ensureCollection(context.db, name);
    validateWrite(created, undefined, doc, command.bypassDocumentValidation);
    context.storage.insert(created, doc);
    return { lastErrorObject: { n: 1, updatedExisting: false, upserted: doc._id }, value: returnNew ? shape(doc) : null, ok: 1 };
  }
  const next = applyUpdate(target, update as Document | Document[], { filter, arrayFilters, queryOptions });
  if (collection) {
    validateWrite(collection, target, next, command.bypassDocumentValidation);
    context.storage.replace(collection, target, next, updateKind(update) === 'replacement' ? 'replace' : 'update');
  }
  return { lastErrorObject: { n: 1, updatedExisting: true }, value: shape(returnNew ? next : target), ok: 1 };
};
