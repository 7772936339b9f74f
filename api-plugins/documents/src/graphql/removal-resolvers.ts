import { NotFoundError, isDuplicateKeyError, parseObjectId } from '@lattice/plugin-sdk';
import type { Types } from 'mongoose';
import type { DocumentFields } from '../models/document.js';
import { isRestorable } from '../models/restore-window.js';
import { idArgs, parseArgs } from './arguments.js';
import type { DocumentsContext } from './documents-context.js';

/** Inserts a record under the `_id` it had; one already there (a restore run twice) is left as it is. */
async function insertUnlessPresent(insert: () => Promise<unknown>): Promise<void> {
  try {
    await insert();
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
}

/**
 * Removals keep what they remove for the restore window (models/restore-window.ts), written before
 * anything is deleted, so an interrupted removal loses nothing and a restore can put back exactly what
 * was there. SPEC.md's documentsRemove and documentTypesRemove behave as before for their callers.
 */
export const removalResolvers = {
  async documentsRemove(_parent: unknown, args: unknown, context: DocumentsContext) {
    const { models } = context;
    const { _id } = parseArgs(idArgs, args);
    const existing = await models.Document.getDocument(_id);
    const { _id: _removedId, ...document } = existing.toObject();
    await models.RemovedDocument.replaceOne({ _id: existing._id }, { document, removedAt: new Date() }, { upsert: true });
    const { deletedCount } = await models.Document.deleteOne({ _id: existing._id });
    return { _id, deletedCount };
  },

  async documentTypesRemove(_parent: unknown, args: unknown, context: DocumentsContext) {
    const { models } = context;
    const { _id } = parseArgs(idArgs, args);
    const existing = await models.DocumentType.getType(_id);
    const typeObjectId = parseObjectId(String(existing._id));
    const { _id: _removedId, ...type } = existing.toObject();
    const typed = await models.Document.find({ typeId: _id }, { _id: 1 }).lean<Array<{ _id: Types.ObjectId }>>();
    const documentIds = typed.map((document) => document._id);
    await models.RemovedDocumentType.replaceOne({ _id: typeObjectId }, { type, documentIds, removedAt: new Date() }, { upsert: true });
    // Documents outlive their type: they lose the reference first, so no document ever points at nothing.
    const { modifiedCount } = await models.Document.updateMany({ _id: { $in: documentIds }, typeId: _id }, { $unset: { typeId: 1 } });
    const { deletedCount } = await models.DocumentType.deleteOne({ _id: typeObjectId });
    // A document given this type while it was being removed is untyped too, and restored with the rest.
    const late = await models.Document.find({ typeId: _id }, { _id: 1 }).lean<Array<{ _id: Types.ObjectId }>>();
    let lateUntyped = 0;
    if (late.length > 0) {
      const lateIds = late.map((document) => document._id);
      await models.RemovedDocumentType.updateOne({ _id: typeObjectId }, { $addToSet: { documentIds: { $each: lateIds } } });
      lateUntyped = (await models.Document.updateMany({ _id: { $in: lateIds }, typeId: _id }, { $unset: { typeId: 1 } })).modifiedCount;
    }
    return { _id, deletedCount, documentsUntyped: modifiedCount + lateUntyped };
  },

  async documentsRestore(_parent: unknown, args: unknown, context: DocumentsContext) {
    const { models } = context;
    const { _id } = parseArgs(idArgs, args);
    const id = parseObjectId(_id);
    const removed = await models.RemovedDocument.findById(id).lean();
    if (!removed || !isRestorable(removed.removedAt)) throw new NotFoundError('No removed document to restore');
    const document: DocumentFields = { ...removed.document };
    if (document.typeId && !(await models.DocumentType.exists({ _id: parseObjectId(document.typeId, 'typeId') }))) {
      // Its type was removed since: the document comes back untyped, and gets the type back if that
      // removal is undone too, as the documents the type's removal untyped do.
      await models.RemovedDocumentType.updateOne({ _id: parseObjectId(document.typeId, 'typeId') }, { $addToSet: { documentIds: id } });
      delete document.typeId;
    }
    await insertUnlessPresent(() => models.Document.create({ ...document, _id: id }));
    await models.RemovedDocument.deleteOne({ _id: id });
    return models.Document.findById(id).lean();
  },

  async documentTypesRestore(_parent: unknown, args: unknown, context: DocumentsContext) {
    const { models } = context;
    const { _id } = parseArgs(idArgs, args);
    const id = parseObjectId(_id);
    const removed = await models.RemovedDocumentType.findById(id).lean();
    if (!removed || !isRestorable(removed.removedAt)) throw new NotFoundError('No removed type to restore');
    // The type first, so no document ever points at nothing.
    await insertUnlessPresent(() => models.DocumentType.create({ ...removed.type, _id: id }));
    // Only documents still untyped: one given another type since keeps the later choice.
    await models.Document.updateMany({ _id: { $in: removed.documentIds }, typeId: null }, { $set: { typeId: _id } });
    // Those removed since get it back when their own removal is undone.
    await models.RemovedDocument.updateMany(
      { _id: { $in: removed.documentIds }, 'document.typeId': null },
      { $set: { 'document.typeId': _id } },
    );
    await models.RemovedDocumentType.deleteOne({ _id: id });
    return models.DocumentType.findById(id).lean();
  },
};
