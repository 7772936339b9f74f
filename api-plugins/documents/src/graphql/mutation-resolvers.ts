import { requirePermission } from '@lattice/plugin-sdk';
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

async function assertTypeExists(models: DocumentsModels, typeId: string | null | undefined) {
  if (typeId) await models.DocumentType.getType(typeId);
}

export const mutationResolvers = {
  async documentsAdd(_parent: unknown, args: unknown, context: DocumentsContext) {
    requirePermission(context, 'documents:manageDocuments');
    const { models } = context;
    const fields = parseArgs(documentFieldsArgs, args);
    await assertTypeExists(models, fields.typeId);
    const { $set } = toUpdate(fields);
    const created = await models.Document.create({ ...$set, createdAt: new Date() });
    return created.toObject();
  },

  async documentsEdit(_parent: unknown, args: unknown, context: DocumentsContext) {
    requirePermission(context, 'documents:manageDocuments');
    const { models } = context;
    const { _id, ...fields } = parseArgs(documentsEditArgs, args);
    const existing = await models.Document.getDocument(_id);
    await assertTypeExists(models, fields.typeId);
    const updated = await models.Document.findByIdAndUpdate(existing._id, toUpdate(fields), {
      returnDocument: 'after',
      runValidators: true,
    }).lean();
    return updated;
  },

  async documentTypesAdd(_parent: unknown, args: unknown, context: DocumentsContext) {
    requirePermission(context, 'documents:manageDocumentTypes');
    const { models } = context;
    const { name } = parseArgs(documentTypeArgs, args);
    const created = await models.DocumentType.create(name == null ? {} : { name });
    return created.toObject();
  },

  async documentTypesEdit(_parent: unknown, args: unknown, context: DocumentsContext) {
    requirePermission(context, 'documents:manageDocumentTypes');
    const { models } = context;
    const { _id, name } = parseArgs(documentTypesEditArgs, args);
    const existing = await models.DocumentType.getType(_id);
    const update = name === undefined ? {} : name === null ? { $unset: { name: 1 } } : { $set: { name } };
    return models.DocumentType.findByIdAndUpdate(existing._id, update, { returnDocument: 'after' }).lean();
  },
};
