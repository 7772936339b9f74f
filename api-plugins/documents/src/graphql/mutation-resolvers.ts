import { ConflictError } from '@lattice/plugin-sdk';
import type { DocumentsModels } from '../models/load-models.js';
import {
  documentFieldsArgs,
  documentsEditArgs,
  documentTypeArgs,
  documentTypesEditArgs,
  parseArgs,
  type DocumentFieldsArgs,
} from './arguments.js';
import type { DocumentsContext } from './documents-context.js';

/** Supplied fields become $set; a field supplied as null is cleared. */
function toUpdate(fields: Partial<DocumentFieldsArgs>) {
  const $set: Record<string, unknown> = {};
  const $unset: Record<string, 1> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (value === null) $unset[key] = 1;
    else $set[key] = value;
  }
  return { $set, $unset };
}

/**
 * The filter of an edit that must find the record as the client read it: its `updatedAt` equal to the one
 * sent (none stored, for null); without one, any version.
 */
function asRead(_id: unknown, updatedAt: Date | null | undefined) {
  if (updatedAt === undefined) return { _id };
  return { _id, updatedAt: updatedAt === null ? { $exists: false } : updatedAt };
}

async function assertTypeExists(models: DocumentsModels, typeId: string | null | undefined) {
  if (typeId) await models.DocumentType.getType(typeId);
}

export const mutationResolvers = {
  async documentsAdd(_parent: unknown, args: unknown, context: DocumentsContext) {
    const { models } = context;
    const fields = parseArgs(documentFieldsArgs, args);
    await assertTypeExists(models, fields.typeId);
    const { $set } = toUpdate(fields);
    const created = await models.Document.create({ ...$set, createdAt: new Date() });
    return created.toObject();
  },

  async documentsEdit(_parent: unknown, args: unknown, context: DocumentsContext) {
    const { models } = context;
    const { _id, updatedAt, ...fields } = parseArgs(documentsEditArgs, args);
    const existing = await models.Document.getDocument(_id);
    await assertTypeExists(models, fields.typeId);
    const { $set, $unset } = toUpdate(fields);
    // One conditional write: a concurrent edit between a read and this write cannot slip through.
    const updated = await models.Document.findOneAndUpdate(asRead(existing._id, updatedAt), { $set: { ...$set, updatedAt: new Date() }, $unset }, {
      returnDocument: 'after',
      runValidators: true,
    }).lean();
    if (!updated) throw new ConflictError('Someone else changed this document after you opened it');
    return updated;
  },

  async documentTypesAdd(_parent: unknown, args: unknown, context: DocumentsContext) {
    const { models } = context;
    const { name } = parseArgs(documentTypeArgs, args);
    const created = await models.DocumentType.create(name == null ? {} : { name });
    return created.toObject();
  },

  async documentTypesEdit(_parent: unknown, args: unknown, context: DocumentsContext) {
    const { models } = context;
    const { _id, name, updatedAt } = parseArgs(documentTypesEditArgs, args);
    const existing = await models.DocumentType.getType(_id);
    const $set = { updatedAt: new Date(), ...(name ? { name } : {}) };
    const update = name === null ? { $set, $unset: { name: 1 } } : { $set };
    const updated = await models.DocumentType.findOneAndUpdate(asRead(existing._id, updatedAt), update, { returnDocument: 'after' }).lean();
    if (!updated) throw new ConflictError('Someone else changed this type after you opened it');
    return updated;
  },
};
